"""gunicorn settings for a web host behind a proxy on another machine (deploy/postgresql/README.md).

`gunicorn -c deploy/postgresql/gunicorn.conf.py 'referee.asgi:create_asgi_app()'`

Everything of deploy/gunicorn.conf.py (REFEREE_BIND, REFEREE_WORKERS; REFEREE_THREADS sizes each
worker's Flask pool), plus the client's address: behind the proxy every request comes from the
proxy, so the per-address limits (REFEREE_CREATE_LIMIT, REFEREE_AUTH_FAIL_LIMIT,
REFEREE_STREAMS_PER_ADDRESS) would count all clients as one. The uvicorn worker hands gunicorn's
`forwarded_allow_ips` (env FORWARDED_ALLOW_IPS: the proxy's addresses or networks) to uvicorn's
ProxyHeadersMiddleware: a request from such a peer gets its address from X-Forwarded-For (the
nearest entry that is not a trusted proxy: the one our proxy added) and its scheme from
X-Forwarded-Proto; a request from any other peer keeps its own address, so a client that
reaches a web host directly cannot pick one.
"""

from pathlib import Path

_BASE = Path(__file__).resolve().parent.parent / "gunicorn.conf.py"
exec(compile(_BASE.read_text(), str(_BASE), "exec"))  # the single-host settings, unchanged
