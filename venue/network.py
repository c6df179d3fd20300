"""The laptop's addresses on the venue's network, and which one phones should open.

Plain Python (ifaddr, socket): no Django, so it is tested without a server.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

import ifaddr

#: The name announced over mDNS (venue.mdns), where the network allows it.
MDNS_NAME = "troef.local"
#: Interfaces of virtual machines and containers: listed, but never the default choice.
VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vbox", "vmnet", "vEthernet", "utun", "tun")


@dataclass(frozen=True, slots=True)
class Address:
    ip: str
    interface: str

    @property
    def rank(self) -> tuple[int, int]:
        """Lower is likelier the venue's wifi: a home/hall router's 192.168.x.x first,
        then 10.x and 172.16-31.x, then anything else; virtual interfaces and
        self-assigned (169.254.x.x) addresses last."""
        ip = ipaddress.IPv4Address(self.ip)
        virtual = self.interface.startswith(VIRTUAL_PREFIXES)
        if ip.is_link_local:
            kind = 4
        elif ip in ipaddress.IPv4Network("192.168.0.0/16"):
            kind = 0
        elif ip in ipaddress.IPv4Network("10.0.0.0/8"):
            kind = 1
        elif ip in ipaddress.IPv4Network("172.16.0.0/12"):
            kind = 2
        else:
            kind = 3
        return (int(virtual), kind)


def addresses(adapters=None) -> list[Address]:
    """The machine's IPv4 addresses other than loopback, likeliest venue address first.
    (Phones type and scan IPv4 addresses; IPv6 ones are left out.)"""
    found = []
    for adapter in ifaddr.get_adapters() if adapters is None else adapters:
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            if ipaddress.IPv4Address(ip.ip).is_loopback:
                continue
            name = adapter.nice_name or adapter.name
            found.append(Address(ip=ip.ip, interface=name))
    unique = {address.ip: address for address in found}
    return sorted(unique.values(), key=lambda address: (address.rank, address.ip))


class HostError(ValueError):
    """--host names no address this machine has."""


def resolve_host(host: str) -> str:
    """The IPv4 address of `host` (an address or a name), or HostError."""
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise HostError(f"--host: {host!r} is not an address of this machine") from None
    return infos[0][4][0]


class PortError(OSError):
    """The port cannot be bound on one of the addresses."""


def check_bindable(ips: list[str], port: int) -> None:
    """Bind each of `ips` on `port` and let go again: HostError for an address this
    machine does not have, PortError for a port in use."""
    for ip in ips:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            # The same option waitress sets, so a port just freed by a previous venue
            # (its connections in TIME_WAIT) counts as free, as it will for waitress.
            if hasattr(socket, "SO_REUSEADDR") and not hasattr(socket, "SO_EXCLUSIVEADDRUSE"):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((ip, port))
        except OSError as error:
            if _address_not_ours(error):
                raise HostError(f"--host: {ip} is not an address of this machine") from None
            raise PortError(
                f"--port: port {port} on {ip} is in use or not allowed "
                f"({error.strerror or error}); choose another with --port"
            ) from None
        finally:
            sock.close()


def _address_not_ours(error: OSError) -> bool:
    import errno  # noqa: PLC0415

    codes = {errno.EADDRNOTAVAIL, 10049}  # 10049: WSAEADDRNOTAVAIL on Windows
    return error.errno in codes or getattr(error, "winerror", None) == 10049


def url(ip: str, port: int) -> str:
    return f"http://{ip}:{port}" if port != 80 else f"http://{ip}"


def allowed_hosts(ips: list[str]) -> list[str]:
    """The host names the venue answers to: its addresses, the laptop itself, and the
    mDNS name."""
    hosts = [*ips, "127.0.0.1", "localhost", "[::1]", MDNS_NAME, socket.gethostname()]
    return list(dict.fromkeys(host for host in hosts if host))


def origins(hosts: list[str], port: int) -> list[str]:
    """CSRF_TRUSTED_ORIGINS for those names on plain HTTP."""
    return [url(host, port) for host in hosts]
