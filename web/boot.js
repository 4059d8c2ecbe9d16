// The tiny boot script: runs before Python. It shows the lobby in the chosen
// language at once, handles the language switch, and reports boot progress.
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
    if (table) apply();
    document.dispatchEvent(new CustomEvent("ff-lang", { detail: code }));
  };

  const strings = fetch(new URL("i18n.json", document.currentScript.src))
    .then((response) => response.json())
    .then((loaded) => {
      table = loaded;
      apply();
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
