// Registers the offline service worker (sw.js sits next to this file) once the app
// is interactive (html[data-ready]): by then every file is in the HTTP cache, so
// precaching costs revalidations, not a second download competing with the boot.
// When a new version takes over an already-controlled page, unhide #update-notice.
(() => {
  if (!("serviceWorker" in navigator) || !location.protocol.startsWith("http")) {
    return;
  }
  const workerUrl = new URL("sw.js", document.currentScript.src);
  const wasControlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const notice = document.getElementById("update-notice");
    if (wasControlled && notice) {
      notice.hidden = false;
    }
  });

  const register = () => {
    navigator.serviceWorker.register(workerUrl).catch((error) => {
      console.warn("Offline mode unavailable:", error);
    });
  };
  const html = document.documentElement;
  if (html.hasAttribute("data-ready")) {
    register();
    return;
  }
  const observer = new MutationObserver(() => {
    if (html.hasAttribute("data-ready")) {
      observer.disconnect();
      register();
    }
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-ready"] });
})();
