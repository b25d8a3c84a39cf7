// The Look dialog (loaded when it is first opened): felt, card backs, high contrast, four-colour
// suits, the left-handed table (a game whose table is drawn mirrored for it), animations, the
// one-letter keys. Each choice is an attribute of <html> that the stylesheets read, kept in a
// cookie so the server draws the next page with it.

const COOKIE = "paciencia_look";
const root = document.documentElement;
const DEFAULTS = { felt: "green", back: "red" };
// Each box and the attribute it sets: "!name" sets `name` while the box is unchecked.
const SWITCHES = { contrast: "contrast", four: "four", left: "left", motion: "!still", keys: "!nokeys" };

/** The choices as the cookie keeps them: `felt:blue.back:red.contrast:1`. */
function save() {
  const parts = [];
  for (const key of Object.keys(DEFAULTS)) if (root.dataset[key]) parts.push(`${key}:${root.dataset[key]}`);
  for (const key of ["contrast", "four", "left", "still", "nokeys"]) if (root.dataset[key]) parts.push(`${key}:1`);
  document.cookie = `${COOKIE}=${parts.join(".")}; path=/; max-age=315360000; samesite=lax`;
}

function apply(form) {
  for (const key of Object.keys(DEFAULTS)) {
    const value = form.elements[key].value;
    if (value && value !== DEFAULTS[key]) root.dataset[key] = value;
    else delete root.dataset[key];
  }
  for (const [key, attr] of Object.entries(SWITCHES)) {
    const box = form.elements[key];
    if (!box) continue;
    const direct = !attr.startsWith("!");
    const name = direct ? attr : attr.slice(1); // "Animations" checked: no data-still
    if (box.checked === direct) root.dataset[name] = "1";
    else delete root.dataset[name];
  }
  save();
  dispatchEvent(new Event("resize")); // the board measures its room again (high contrast, left-handed)
}

export function open() {
  const dialog = document.getElementById("look");
  const form = dialog.querySelector("form");
  if (!form.dataset.wired) {
    form.dataset.wired = "1";
    form.addEventListener("change", () => apply(form));
  }
  dialog.showModal();
}
