// The default layout: every place shows its top card, the arrows move spatially; where the
// places sit is CSS (site.css: each group a row; a game's stylesheet may place them otherwise).
import { boot } from "../board.js";

boot();
