// Keeps Pyodide from using WebAssembly stack switching (JSPI), in the page and in
// every worker. Import it before anything calls loadPyodide: Pyodide looks for
// WebAssembly.Suspending when its runtime module loads.
//
// Why: Chromium 156's renderer crashed (SIGSEGV) at random in our browser tests, a few
// in every hundred page loads on a busy machine. Every crash dump faulted at the same
// instruction, in a loop reading the words of the running stack, at a page boundary
// inside a stack that was not a thread's own: the stack JSPI gives the Python code it
// runs. The app needs no stack switching (its waiting is done by Python's asyncio on
// Pyodide's event loop), and without it Pyodide runs Python on the thread's stack.
for (const name of ["Suspending", "Suspender", "promising"]) {
  delete WebAssembly[name];
}
