// The board's words in the player's language: one catalogue per language
// (service/buttonup/web/words/, served as words.js), the language taken from
// the browser until the player picks one, which this browser remembers.
// Elements of the page name their words with data-t (their text) and
// data-t-aria-label, data-t-placeholder, data-t-title (those attributes).
import { WORDS } from "./words.js";

export const LANGUAGES = Object.keys(WORDS); // the default first
const LANGUAGE_KEY = "buttonup:language";
const ATTRIBUTES = ["aria-label", "placeholder", "title"];

function chosenLanguage() {
  const kept = localStorage.getItem(LANGUAGE_KEY);
  if (LANGUAGES.includes(kept)) return kept;
  for (const tag of navigator.languages || [navigator.language]) {
    const primary = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return LANGUAGES[0];
}

export const language = chosenLanguage();
const words = WORDS[language];
const plurals = new Intl.PluralRules(language);

// The words for `key`, with each {name} filled from `values`; a plural entry
// is chosen by `values.n`.
export function t(key, values = {}) {
  let entry = words[key];
  if (entry === undefined) throw new Error(`no words for ${key}`);
  if (typeof entry === "object") entry = entry[plurals.select(values.n)] ?? entry.other;
  return entry.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export const hasWords = (key) => key in words;

// "3 or 5", "Ana and Bo": lists as the language writes them.
export function listed(items, type = "conjunction") {
  return new Intl.ListFormat(language, { type }).format(items.map(String));
}

// A colour as a player's name ("Red") and in a sentence ("red").
export const colorName = (color) => t(`color.${color}`);
export const colorWord = (color) => colorName(color).toLocaleLowerCase(language);
export const categoryName = (category) => t(`category.${category}`);
// A category within a sentence ("rating in untimed", "puntuación en sin reloj").
export const categoryWord = (category) => categoryName(category).toLocaleLowerCase(language);

export function translatePage(root = document) {
  document.documentElement.lang = language;
  for (const element of root.querySelectorAll("[data-t]")) element.textContent = t(element.dataset.t);
  for (const attribute of ATTRIBUTES) {
    for (const element of root.querySelectorAll(`[data-t-${attribute}]`)) {
      element.setAttribute(attribute, t(element.getAttribute(`data-t-${attribute}`)));
    }
  }
}

// The switch: each language named in its own words; a change is remembered
// and the page drawn again in it.
export function offerLanguages(select) {
  select.replaceChildren(...LANGUAGES.map((code) => new Option(WORDS[code]["language.name"], code)));
  select.value = language;
  select.addEventListener("change", () => {
    localStorage.setItem(LANGUAGE_KEY, select.value);
    window.location.reload();
  });
}
