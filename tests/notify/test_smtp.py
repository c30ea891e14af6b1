"""SMTP settings from URLs, and sending to a real aiosmtpd server on loopback:
plain, STARTTLS, implicit TLS, AUTH LOGIN/PLAIN, and the failures a caller retries."""

from __future__ import annotations

import socket
import ssl
import subprocess
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import quote

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session

from referee.notify.smtp import MailDeliveryError, send
from referee.plumbing.smtp_url import SmtpSettings

USER, PASSWORD = "referee", "p@ss:w/rd 42"


# --- settings ------------------------------------------------------------------------------------

@pytest.mark.parametrize("url, expected", [
    ("smtp://mail.example.org", ("mail.example.org", 25, "plain", None, None)),
    ("smtp://mail.example.org:2525", ("mail.example.org", 2525, "plain", None, None)),
    ("smtp://u:pw@mail.example.org?starttls=1", ("mail.example.org", 587, "starttls", "u", "pw")),
    ("smtp://u:pw@mail.example.org:25?starttls=true", ("mail.example.org", 25, "starttls", "u", "pw")),
    ("smtp://mail.example.org?starttls=0", ("mail.example.org", 25, "plain", None, None)),
    ("smtps://me%40example.org:p%40ss%3Aw%2Frd%2042@smtp.example.org",
     ("smtp.example.org", 465, "tls", "me@example.org", PASSWORD)),
    ("smtps://u:@[::1]:1465", ("::1", 1465, "tls", "u", "")),
])
def test_settings_from_url(url, expected):
    s = SmtpSettings.from_url(url)
    assert (s.host, s.port, s.security, s.username, s.password) == expected


@pytest.mark.parametrize("url", [
    "http://u:secretpw@host", "smtp://u:secretpw@", "smtp://u:secretpw@host:notaport",
    "smtp://u:secretpw@host?starttls=maybe", "smtp://u:secretpw@host?tls=1",
    "smtps://u:secretpw@host?starttls=1", "smtp://u:secretpw@host/path",
])
def test_bad_urls_are_rejected_without_showing_the_password(url):
    with pytest.raises(ValueError) as err:
        SmtpSettings.from_url(url)
    assert "secretpw" not in str(err.value)


def test_password_is_not_in_the_repr():
    assert PASSWORD not in repr(SmtpSettings("h", 25, "tls", USER, PASSWORD))


# --- a real server ---------------------------------------------------------------------------------

@dataclass
class Inbox:
    """aiosmtpd handler: keeps what arrives; refuses recipients named nobody@; can fail DATA."""

    received: list[Envelope] = field(default_factory=list)
    tls_seen: list[bool] = field(default_factory=list)
    data_reply: str = "250 OK"

    async def handle_RCPT(self, server, session: Session, envelope: Envelope, address: str, options):
        if address.startswith("nobody@"):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session: Session, envelope: Envelope):
        if not self.data_reply.startswith("250"):
            return self.data_reply
        self.received.append(envelope)
        self.tls_seen.append(server.transport.get_extra_info("ssl_object") is not None)
        return self.data_reply


@dataclass
class Authenticator:
    mechanisms: list[str] = field(default_factory=list)

    def __call__(self, server, session, envelope, mechanism: str, auth_data) -> AuthResult:
        self.mechanisms.append(mechanism)
        ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (
            USER.encode(), PASSWORD.encode())
        return AuthResult(success=ok, handled=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cert(tmp_path_factory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1, made with the openssl command."""
    folder = tmp_path_factory.mktemp("tls")
    key, crt = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(crt),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    return crt, key


@pytest.fixture
def server_tls(cert) -> ssl.SSLContext:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(*cert)
    return context


@pytest.fixture
def client_tls(cert) -> ssl.SSLContext:
    """What a deployment with its own CA would pass: trusts exactly the test certificate."""
    return ssl.create_default_context(cafile=str(cert[0]))


def run_server(handler, **kwargs):
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, **kwargs)
    controller.start()
    return controller, port


@pytest.fixture
def servers():
    started: list[Controller] = []

    def start(handler, **kwargs) -> int:
        controller, port = run_server(handler, **kwargs)
        started.append(controller)
        return port

    yield start
    for controller in started:
        controller.stop()


def message(to: str = "alice@example.org", subject: str = "Your move in babel") -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "referee@example.org"
    msg["To"] = to
    msg["Subject"] = subject
    msg.set_content("It is your turn: travel medes?\nÄ non-ASCII line.\n")
    return msg


def test_plain_send_arrives(servers):
    inbox = Inbox()
    port = servers(inbox)
    refused = send(SmtpSettings.from_url(f"smtp://127.0.0.1:{port}"), message(), timeout=5)
    assert refused == {}
    [envelope] = inbox.received
    assert envelope.mail_from == "referee@example.org"
    assert envelope.rcpt_tos == ["alice@example.org"]
    assert b"Subject: Your move in babel" in envelope.original_content
    assert inbox.tls_seen == [False]


@pytest.mark.parametrize("mechanism", ["LOGIN", "PLAIN"])
def test_starttls_and_auth(servers, server_tls, client_tls, mechanism):
    inbox, auth = Inbox(), Authenticator()
    other = {"LOGIN": "PLAIN", "PLAIN": "LOGIN"}[mechanism]
    port = servers(inbox, tls_context=server_tls, require_starttls=True, authenticator=auth,
                   auth_require_tls=True, auth_exclude_mechanism=[other])
    url = f"smtp://{USER}:{quote(PASSWORD, safe='')}@127.0.0.1:{port}?starttls=1"
    send(SmtpSettings.from_url(url), message(), timeout=5, context=client_tls)
    assert auth.mechanisms == [mechanism]
    assert len(inbox.received) == 1
    assert inbox.tls_seen == [True]


def test_implicit_tls(servers, server_tls, client_tls):
    inbox = Inbox()
    port = servers(inbox, ssl_context=server_tls)
    send(SmtpSettings.from_url(f"smtps://127.0.0.1:{port}"), message(), timeout=5, context=client_tls)
    assert len(inbox.received) == 1
    assert inbox.tls_seen == [True]


def test_untrusted_certificate_is_refused_by_default(servers, server_tls):
    inbox = Inbox()
    port = servers(inbox, tls_context=server_tls, require_starttls=True)
    with pytest.raises(MailDeliveryError) as err:
        send(SmtpSettings.from_url(f"smtp://127.0.0.1:{port}?starttls=1"), message(), timeout=5)
    assert not err.value.permanent
    assert "SSL" in str(err.value)
    assert inbox.received == []


def test_wrong_password_fails_without_revealing_it(servers, server_tls, client_tls):
    inbox = Inbox()
    port = servers(inbox, tls_context=server_tls, require_starttls=True, authenticator=Authenticator())
    settings = SmtpSettings("127.0.0.1", port, "starttls", USER, "not-the-Secret-99")
    with pytest.raises(MailDeliveryError) as err:
        send(settings, message(), timeout=5, context=client_tls)
    assert "login" in str(err.value)
    assert "not-the-Secret-99" not in str(err.value)
    assert not err.value.permanent  # a configuration problem: keep the mail queued
    assert inbox.received == []


def test_server_down_is_a_temporary_failure():
    settings = SmtpSettings("127.0.0.1", free_port())
    with pytest.raises(MailDeliveryError) as err:
        send(settings, message(), timeout=5)
    assert not err.value.permanent
    assert "ConnectionRefusedError" in str(err.value)


def test_every_recipient_refused_is_permanent(servers):
    port = servers(Inbox())
    with pytest.raises(MailDeliveryError) as err:
        send(SmtpSettings("127.0.0.1", port), message(to="nobody@example.org"), timeout=5)
    assert err.value.permanent


def test_partly_refused_recipients_are_returned(servers):
    inbox = Inbox()
    port = servers(inbox)
    refused = send(SmtpSettings("127.0.0.1", port), message(to="nobody@example.org, bob@example.org"), timeout=5)
    assert list(refused) == ["nobody@example.org"]
    assert refused["nobody@example.org"][0] == 550
    assert inbox.received[0].rcpt_tos == ["bob@example.org"]


@pytest.mark.parametrize("reply, permanent", [("451 4.3.0 try again later", False),
                                              ("554 5.6.0 message rejected", True)])
def test_data_rejection_says_whether_to_retry(servers, reply, permanent):
    port = servers(Inbox(data_reply=reply))
    with pytest.raises(MailDeliveryError) as err:
        send(SmtpSettings("127.0.0.1", port), message(), timeout=5)
    assert err.value.permanent is permanent
    assert reply.split()[0] in str(err.value)
