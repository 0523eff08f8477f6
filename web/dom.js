// DOM shorthands shared by the page's modules: `$` for one element, `$$` for a list.
// Kept apart so that no module imports another just for these.
export const $ = (sel) => document.querySelector(sel);
export const $$ = (sel) => [...document.querySelectorAll(sel)];
