// tablegames: the page's entry: a table's address (/t/<table>) opens the table, any other the
// lobby.
"use strict";

import { openLobby } from "./lobby.js";
import { openTable } from "./table.js";

if (location.pathname.startsWith("/t/")) openTable();
else openLobby();
