// Registers the offline service worker (sw.js sits next to this file).
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
  navigator.serviceWorker.register(workerUrl).catch((error) => {
    console.warn("Offline mode unavailable:", error);
  });
})();
