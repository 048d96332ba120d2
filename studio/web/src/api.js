// The studio's HTTP endpoints (the page's cookie carries the access token).

export class ApiError extends Error {
  constructor(status, data) {
    super(data && data.error ? data.error : `HTTP ${status}`)
    this.status = status
    this.data = data
  }
}

async function call(method, url, body) {
  const response = await fetch(url, {
    method, credentials: "same-origin",
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  let data = null
  try { data = await response.json() } catch (_) { data = null }
  if (!response.ok) throw new ApiError(response.status, data)
  return data
}

export const api = {
  info: () => call("GET", "/api/info"),
  tree: () => call("GET", "/api/tree"),
  read: path => call("GET", "/api/file?path=" + encodeURIComponent(path)),
  save: (path, text, base, force = false) => call("PUT", "/api/file", {path, text, base, force}),
  newVariant: (folder, name) => call("POST", "/api/variant", {folder, name}),
  preview: (path, text, line) => call("POST", "/api/preview", {path, text, line}),
  gallery: (path, overlays, variant) => call("POST", "/api/gallery", {path, overlays, variant}),
  playSetup: () => call("GET", "/api/play/setup"),
  playNew: settings => call("POST", "/api/play/new", settings),
  playReplay: settings => call("POST", "/api/play/replay", settings),
  playLoad: (path, seat, bots) => call("POST", "/api/play/load", {path, seat, bots}),
  playPosition: (id, wait = false) => call("GET", "/api/play/position?id=" + encodeURIComponent(id) + (wait ? "&wait=1" : "")),
  playChoose: (id, option) => call("POST", "/api/play/choose", {id, option}),
  playGo: (id, to) => call("POST", "/api/play/go", {id, to}),
  playSave: (id, path, replace = false) => call("POST", "/api/play/save", {id, path, replace}),
}

export function socketUrl(path) {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path
}
