"""`wonders studio`: a local web application for designers (docs/studio.md).

The server (Starlette on uvicorn) serves one page and a few JSON and WebSocket endpoints;
the browser code is built from studio/web/ into static/ at development time, so nothing of
npm is needed to install or run it.  Modules, one concern each:

- guard.py: the access token and the browser's one-time code, the Host and Origin checks
  (only the studio's own page acts), and paths kept inside the folder;
- files.py: the folder's file tree, reading, and saving atomically without overwriting a
  file another program changed, a read-only file, or bytes that are not UTF-8;
- work.py: the cores the pages' comparisons and bot fits share, in a queue;
- lsp_bridge.py: the editor's language features, relayed to `wonders lsp` (interpreter/lsp/);
- preview.py: the card or wonder side under the cursor and the gallery (interpreter/views/render/);
- weigh.py: a comparison of two rule sets played game by game (interpreter/sim/), and
  weigh_socket.py: the WebSocket the page starts, follows and cancels it through;
- fields.py: what the page sends, read within bounds and checked field by field;
- app.py: the routes; serve.py: starting, printing the address, stopping on Ctrl-C.
"""
