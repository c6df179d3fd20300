"""Sent once: a POST that carries an idempotency key is done at most once.

A phone on the venue's wifi may send a result, lose the connection before the answer
arrives, and send it again (static/troef/resend.js does so by itself). Every form that
changes something carries a fresh key in a hidden field ({% idempotency_field %}, made
on the server for each form shown, so it works without JavaScript too). The view
decorated with @idempotent runs once per key and path: its answer (status, headers, body,
and the messages it left for the next page) is stored in the same transaction as the
view's own writes, so that a crash stores either both or neither. A repeat of the POST
gets that first answer back and changes nothing, also when the first answer never
reached the phone.

Two copies of one POST at the same moment: the first claims the key by inserting its row;
the second waits for that row's transaction (SQLite: IMMEDIATE transactions take the
write lock at BEGIN; PostgreSQL: the insert of the same key waits on the unique
constraint) and then gets the stored answer.

An answer goes only to the one who earned it. It is stored with its owner (owner_of: the
browser's CSRF secret, which every POST that passes Django's CSRF check carries in its
cookie, and the logged-in user, as a keyed fingerprint) and with a fingerprint of the
posted fields (digest_of, without the CSRF token, which changes per page shown). A repeat
gets the stored answer only from the same owner with the same fields: the same phone
sending again after the wifi dropped (its cookie was set when the form was shown, before
the first POST, and stays). The same key from another browser or another user is refused
(409), not run again and not answered with the first page (which holds the first
browser's CSRF token and what only its user may see): a key stands for one action done
at most once, and a copy of it from elsewhere is either a leaked key or a page copied
between browsers, neither of which should act again. The same key with other fields is
refused too (409): the first send was done, the changed one would be dropped unseen.

A POST without a key (an old page), or one that has nothing to bind an answer to (no CSRF
cookie, no session, no login: a test client), runs as it always did. Answers are kept for
KEEP and pruned when new ones are stored.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.shortcuts import render
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from .models import IdempotentAnswer

#: The name of the hidden field.
FIELD = "idempotency_key"
#: How long an answer is kept for a repeat.
KEEP = timedelta(days=2)
#: What a key may look like: the UUIDs new_key makes, or any other random token.
_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
#: Paths longer than the column are cut (they never are: /t/<token>/ and the like).
_PATH_LENGTH = IdempotentAnswer._meta.get_field("path").max_length
#: Headers that a repeat answers with (the middleware adds cookies and the rest again).
_REPLAYED_HEADERS = ("Content-Type", "Location", "Content-Language")

View = Callable[..., HttpResponse]


def new_key() -> str:
    return str(uuid.uuid4())


def idempotent(view: View) -> View:
    """Run the view once per idempotency key (the posted FIELD) and path; a repeat gets
    the first answer. Put it inside the permission decorators, so a key opens nothing
    its sender may not see."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        key = request.POST.get(FIELD, "")
        if not key:
            return view(request, *args, **kwargs)
        if not _KEY.fullmatch(key):
            return HttpResponseBadRequest(
                _("This form is incomplete or was changed; reload the page.")
            )
        owner = owner_of(request)
        if not owner:  # nothing to bind an answer to: not stored, not replayed
            return view(request, *args, **kwargs)
        return _once(request, key, owner, lambda: view(request, *args, **kwargs))

    return wrapped


def owner_of(request: HttpRequest) -> str:
    """Whose answer a POST's is: a keyed fingerprint of the browser's CSRF secret (else
    its session) and the logged-in user; "" when there is nothing to tell it by. Taken
    before the view runs (a view that shows a form may set a new CSRF cookie)."""
    secret = request.META.get("CSRF_COOKIE", "")
    session = getattr(request, "session", None)
    session_key = (session.session_key or "") if session is not None else ""
    user = getattr(request, "user", None)
    user_pk = str(user.pk) if user is not None and user.is_authenticated else ""
    browser = f"csrf:{secret}" if secret else (f"session:{session_key}" if session_key else "")
    if not browser and not user_pk:
        return ""
    return salted_hmac("troef.idempotency.owner", f"{browser}|user:{user_pk}").hexdigest()


def digest_of(request: HttpRequest) -> str:
    """A fingerprint of what was posted: every field but the CSRF token (fresh on every
    page shown, and the offline queue sends the page's current one), and the files."""
    parts = sorted(
        (name, value)
        for name, values in request.POST.lists()
        if name != "csrfmiddlewaretoken"
        for value in values
    )
    digest = hashlib.sha256()
    for name, value in parts:
        digest.update(f"{len(name)}:{name}={len(value)}:{value};".encode())
    for name, files in sorted(request.FILES.lists()):
        for upload in files:
            digest.update(f"file:{name}:{upload.name}:{upload.size};".encode())
            for chunk in upload.chunks():
                digest.update(chunk)
            upload.seek(0)
    return digest.hexdigest()


def _once(
    request: HttpRequest, key: str, owner: str, call: Callable[[], HttpResponse]
) -> HttpResponse:
    path = request.path[:_PATH_LENGTH]
    digest = digest_of(request)
    for _attempt in range(2):
        with transaction.atomic():
            prune()
            claimed = _claim(key, path, owner, digest)
            if claimed is not None:
                response = call()
                _record(claimed, request, response)
                return response
            first = IdempotentAnswer.objects.filter(key=key, path=path).first()
        if first is not None:
            if first.owner != owner:
                return _refused(
                    request,
                    _(
                        "This form was already sent from another browser or by another "
                        "user. Nothing was done now. Reload the page to see what is there "
                        "and send it again from there."
                    ),
                )
            if first.digest != digest:
                return _refused(
                    request,
                    _(
                        "This form was already sent, with other values. Nothing was changed "
                        "now. Reload the page, check what is there now, and send your "
                        "change again."
                    ),
                )
            return _replay(request, first)
        # The first answer was pruned between the claim and the read: claim it anew.
    return call()  # pragma: no cover - pruned twice in a row


def _claim(key: str, path: str, owner: str, digest: str) -> IdempotentAnswer | None:
    """The key's new row, or None when another request has it (committed)."""
    try:
        with transaction.atomic():
            return IdempotentAnswer.objects.create(key=key, path=path, owner=owner, digest=digest)
    except IntegrityError:
        return None


def _refused(request: HttpRequest, message: str) -> HttpResponse:
    """The key was used by someone else, or with other fields: a page (409) that says
    so, with the way back to the form."""
    referer = request.headers.get("referer", "")
    safe = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    back = referer if referer and safe else request.path
    return render(
        request, "idempotency_refused.html", {"message": message, "back": back}, status=409
    )


def _record(claimed: IdempotentAnswer, request: HttpRequest, response: HttpResponse) -> None:
    if response.streaming:  # nothing the result views send; not kept
        claimed.delete()
        return
    claimed.status = response.status_code
    claimed.headers = {
        name: response[name] for name in _REPLAYED_HEADERS if response.has_header(name)
    }
    claimed.body = response.content
    storage = getattr(request, "_messages", None)
    queued = getattr(storage, "_queued_messages", [])
    claimed.messages = [[m.level, str(m.message), m.extra_tags or ""] for m in queued]
    claimed.save(update_fields=["status", "headers", "body", "messages"])


def _replay(request: HttpRequest, first: IdempotentAnswer) -> HttpResponse:
    location = first.headers.get("Location")
    if location is not None and 300 <= first.status < 400:
        response = HttpResponseRedirect(location, content=bytes(first.body))
        response.status_code = first.status
    else:
        response = HttpResponse(bytes(first.body), status=first.status)
    for name, value in first.headers.items():
        response[name] = value
    # Not twice: the first answer's cookie may have arrived although its page did not.
    storage = getattr(request, "_messages", None)
    carried = {(m.level, str(m.message)) for m in getattr(storage, "_loaded_messages", [])}
    for level, message, tags in first.messages:
        if (level, message) not in carried:
            messages.add_message(request, level, message, extra_tags=tags, fail_silently=True)
    response["Idempotent-Replayed"] = "true"
    return response


def prune() -> int:
    """Forget the answers older than KEEP; how many were removed."""
    removed, _by_model = IdempotentAnswer.objects.filter(
        created_at__lt=timezone.now() - KEEP
    ).delete()
    return removed
