// The tiny boot script: runs before Python. It shows the lobby in the chosen
// language at once, with the games in progress as the last page listed them,
// handles the language switch, and reports boot progress.
// Every UI string lives in web/i18n.json; Python reads the same table from
// window.ffBoot.strings, so no string is written twice.
(() => {
  const LANGUAGES = ["en", "ja"];
  const LANG_KEY = "ff:lang";
  const html = document.documentElement;
  // PyScript/Pyodide report roughly this many progress steps while booting.
  const EXPECTED_STEPS = 8;

  const readStoredLang = () => {
    try {
      return localStorage.getItem(LANG_KEY);
    } catch {
      return null;
    }
  };
  const browserLang = (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
  const stored = readStoredLang();
  let lang = LANGUAGES.includes(stored) ? stored : browserLang;
  let table = null;

  const text = (key) => {
    const entry = table && table[key];
    return entry ? entry[lang] || entry.en : key;
  };

  const apply = () => {
    html.lang = lang;
    document.title = text("app.title");
    for (const el of document.querySelectorAll("[data-i18n]")) {
      el.textContent = text(el.dataset.i18n);
    }
    for (const el of document.querySelectorAll("[data-i18n-label]")) {
      el.setAttribute("aria-label", text(el.dataset.i18nLabel));
    }
    for (const link of document.querySelectorAll("a[data-rules]")) {
      link.href = `web/rules/${link.dataset.rules}.${lang}.html`;
    }
    for (const button of document.querySelectorAll("button[data-lang]")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    }
  };

  const setLang = (code) => {
    if (!LANGUAGES.includes(code)) return;
    lang = code;
    try {
      localStorage.setItem(LANG_KEY, code);
    } catch {
      // Storage may be full or disabled: the choice just is not remembered.
    }
    if (table) {
      apply();
      drawInPlay(); // in the language chosen, or not at all
    }
    document.dispatchEvent(new CustomEvent("ff-lang", { detail: code }));
  };

  // The games in progress as the lobby last listed them (web/lobby.py's InPlayGlimpse),
  // drawn at once so that the games below do not move down when Python has booted and
  // lists them. Storage may hold anything: only known tags and attributes are made,
  // text stays text, buttons stay disabled; anything else and nothing is drawn.
  const IN_PLAY_KEY = "ff:in-play";
  const IN_PLAY_FORMAT = "ff-in-play/1";
  const IN_PLAY_MAX_CHARS = 16000;
  const IN_PLAY_TAGS = new Set(["ul", "li", "h3", "p", "div", "button"]);
  const IN_PLAY_ATTRIBUTES = new Set(["class", "type", "data-save", "data-act", "data-id"]);
  const MAX_DEPTH = 6;

  const element = (node, depth) => {
    if (typeof node === "string") return document.createTextNode(node);
    if (!Array.isArray(node) || node.length !== 4 || depth > MAX_DEPTH) throw new Error("node");
    const [namespace, tag, attributes, children] = node;
    if (namespace !== null || !IN_PLAY_TAGS.has(tag)) throw new Error("tag");
    if (!Array.isArray(attributes) || !Array.isArray(children)) throw new Error("node");
    const made = document.createElement(tag);
    for (let i = 0; i + 1 < attributes.length; i += 2) {
      const [name, value] = [attributes[i], attributes[i + 1]];
      if (IN_PLAY_ATTRIBUTES.has(name) && typeof value === "string") made.setAttribute(name, value);
    }
    if (tag === "button") made.disabled = true; // until Python is up, as New game is
    made.append(...children.map((child) => element(child, depth + 1)));
    return made;
  };

  const keptInPlay = () => {
    try {
      const text = localStorage.getItem(IN_PLAY_KEY);
      if (typeof text !== "string" || text.length > IN_PLAY_MAX_CHARS) return [];
      const kept = JSON.parse(text);
      if (kept?.format !== IN_PLAY_FORMAT || kept.lang !== lang) return [];
      return Array.isArray(kept.nodes) ? kept.nodes.map((node) => element(node, 0)) : [];
    } catch {
      return [];
    }
  };

  // Until Python lists them itself (then data-ready is set, and this is left alone).
  const drawInPlay = () => {
    if ("ready" in html.dataset) return;
    const nodes = keptInPlay();
    document.getElementById("in-play-saves").replaceChildren(...nodes);
    document.getElementById("in-play").hidden = nodes.length === 0;
  };

  const strings = fetch(new URL("i18n.json", document.currentScript.src))
    .then((response) => response.json())
    .then((loaded) => {
      table = loaded;
      apply();
      drawInPlay();
      // The lobby shows once its words are in; later language switches leave it as it is
      // (hidden while a game is open).
      document.getElementById("lobby").hidden = false;
      return loaded;
    });

  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-lang]");
    if (button) setLang(button.dataset.lang);
  });

  // Pyodide's own boot (web/early-pyodide.mjs) is the long step; PyScript's steps follow it.
  const RUNTIME_LOADED = 80;
  const setProgress = (value) => {
    const bar = document.querySelector("#boot-progress progress");
    if (bar) bar.value = Math.max(bar.value, value);
  };
  addEventListener("ff:runtime-loaded", () => setProgress(RUNTIME_LOADED));
  if (document.documentElement.dataset.runtime === "loaded") setProgress(RUNTIME_LOADED);
  let steps = 0;
  addEventListener("py:progress", () => {
    steps += 1;
    setProgress(Math.min(95, Math.round((100 * steps) / EXPECTED_STEPS)));
  });

  window.ffBoot = {
    strings,
    get lang() {
      return lang;
    },
    setLang,
  };
})();
