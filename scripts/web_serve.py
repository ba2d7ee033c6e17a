#!/usr/bin/env python3
"""A static server for web/ on 127.0.0.1 with the right types for ES modules
and WebAssembly (python3's own http.server may guess .mjs wrong).

usage: web_serve.py DIR [PORT]   (PORT 0: any free port; the address is
printed on the first line of stdout: "serving http://127.0.0.1:PORT/")
"""
import functools
import http.server
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map)
    extensions_map.update({
        ".js": "text/javascript", ".mjs": "text/javascript",
        ".wasm": "application/wasm", ".svg": "image/svg+xml",
        ".css": "text/css", ".html": "text/html", ".city": "text/plain",
    })

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):  # quiet
        pass


def main():
    root = sys.argv[1]
    port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
    handler = functools.partial(Handler, directory=root)
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as srv:
        print(f"serving http://127.0.0.1:{srv.server_address[1]}/", flush=True)
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            # Ctrl-C is how the server is meant to stop: no traceback
            print("\nweb_serve: stopped", flush=True)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:  # Ctrl-C before the server started
        sys.exit(130)
