"""gunicorn settings for a web host behind a proxy on another machine (deploy/postgresql/README.md).

`gunicorn -c deploy/postgresql/gunicorn.conf.py 'referee.app:create_app()'`

Everything of deploy/gunicorn.conf.py (REFEREE_BIND, REFEREE_WORKERS, REFEREE_THREADS), plus
the client's address: behind the proxy every request comes from the proxy, so the per-address
abuse limits (REFEREE_CREATE_LIMIT, REFEREE_AUTH_FAIL_LIMIT) would count all clients as one and
30 failed token checks by anyone would lock every seat out. A request whose peer is in
gunicorn's `forwarded_allow_ips` (env FORWARDED_ALLOW_IPS: the proxy's addresses or networks)
gets its address from the last X-Forwarded-For entry, the one the proxy itself added; gunicorn
already takes `https` from its X-Forwarded-Proto on the same condition. A request from any
other peer keeps its own address, so a client that reaches a web host directly cannot pick one.
"""

from pathlib import Path

_BASE = Path(__file__).resolve().parent.parent / "gunicorn.conf.py"
exec(compile(_BASE.read_text(), str(_BASE), "exec"))  # the single-host settings, unchanged


def trusted_proxy_fix(app, allowed):
    """`app` taking REMOTE_ADDR from X-Forwarded-For on requests from a peer in `allowed`
    (addresses, networks, or "*"); other requests pass through untouched."""
    import ipaddress

    from werkzeug.middleware.proxy_fix import ProxyFix

    anyone = "*" in allowed
    networks = [ipaddress.ip_network(a.strip(), strict=False) for a in allowed if a.strip() not in ("", "*")]
    fixed = ProxyFix(app, x_for=1)

    def from_trusted(peer):
        if anyone:
            return True
        try:
            ip = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(ip in n for n in networks)

    def wsgi(environ, start_response):
        chosen = fixed if from_trusted(environ.get("REMOTE_ADDR", "")) else app
        return chosen(environ, start_response)

    return wsgi


def post_worker_init(worker):
    """Runs in each worker once the app is loaded, before it serves a request."""
    worker.wsgi = trusted_proxy_fix(worker.wsgi, worker.cfg.forwarded_allow_ips)
