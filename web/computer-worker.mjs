// The computer's own thread: a Worker with its own Python that searches, so the
// page never waits on a search and answers every tap while the computer thinks.
// The page (web/computer.py) sends {boot: stdLibURL} once, then {id, request}:
// a request of pygames/ai/offload.py for one part of a decision (the seat's masked
// state, the bot, its seed and the part) or for the study of one (web/analysis.py),
// and gets {id, answer} (the part's root visits, the study's verdict) or {id, error}
// back. {ready: true} tells the page it may send requests; {failed: reason} that this
// worker cannot.
import { bootApp } from "./worker-runtime.mjs";

let answer = null;

async function boot(stdLibURL) {
  try {
    const interpreter = await bootApp(stdLibURL);
    answer = interpreter.pyimport("pygames.ai.offload").answer;
    postMessage({ ready: true });
  } catch (error) {
    postMessage({ failed: String(error?.message || error) });
  }
}

onmessage = ({ data }) => {
  if (data.boot) {
    boot(data.boot);
    return;
  }
  try {
    postMessage({ id: data.id, answer: answer(data.request) });
  } catch (error) {
    postMessage({ id: data.id, error: String(error?.message || error) });
  }
};
