// The table page's entry point: the game's layout module when it has one (#game's data-layout,
// a file of the game's own static folder: its default export is the layout, see board.js's
// boot), else the default layout: every place shows its top card, the arrows move spatially,
// and where the places sit is CSS (site.css: each group a row; a game's stylesheet may place
// them otherwise).
import { boot } from "./board.js";

const from = document.getElementById("game").dataset.layout;
boot(from ? (await import(from)).default : {});
