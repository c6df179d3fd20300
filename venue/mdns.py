"""Announcing troef.local over mDNS (zeroconf), where the network allows it.

Phones on the same wifi can then open http://troef.local:PORT/ (iPhones and most
laptops resolve .local names; many Android phones do not, so the printed address and the
QR codes stay the IP address). Registering takes a few seconds of probing, so it runs in
a thread; when it fails (no multicast on the network, a firewall, a name taken) the venue
says so in one line and goes on.
"""

from __future__ import annotations

import ipaddress
import socket
import threading

from venue import network

SERVICE_TYPE = "_http._tcp.local."


class MdnsHook:
    name = "the mDNS announcement"

    def __init__(self, command):
        self.command = command
        self.zeroconf = None
        self.info = None
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.stopped = False

    def start(self, venue) -> None:
        if ipaddress.IPv4Address(venue.ip).is_loopback:
            self.command.stdout.write(
                f"{network.MDNS_NAME} is not announced: the venue runs on this laptop only."
            )
            return
        self.thread = threading.Thread(
            target=self._announce, args=(venue.ip, venue.port), name="mdns", daemon=True
        )
        self.thread.start()

    def _announce(self, ip: str, port: int) -> None:
        try:
            from zeroconf import IPVersion, ServiceInfo, Zeroconf  # noqa: PLC0415

            info = ServiceInfo(
                SERVICE_TYPE,
                f"Troef.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(ip)],
                port=port,
                server=f"{network.MDNS_NAME}.",
                properties={"path": "/"},
            )
            zeroconf = Zeroconf(interfaces=[ip], ip_version=IPVersion.V4Only)
            with self.lock:
                if self.stopped:
                    zeroconf.close()
                    return
                self.zeroconf = zeroconf
            zeroconf.register_service(info, allow_name_change=True)
            with self.lock:
                self.info = info
        except Exception as error:  # whatever goes wrong, the venue goes on
            self.command.stderr.write(
                f"venue: {network.MDNS_NAME} could not be announced ({error or type(error)}); "
                "phones use the address above."
            )
            return
        self.command.stdout.write(f"Also announced as {network.url(network.MDNS_NAME, port)}/")

    def check(self) -> None:
        pass

    def stop(self) -> None:
        with self.lock:
            self.stopped = True
            zeroconf, info = self.zeroconf, self.info
        if zeroconf is None:
            return
        try:
            if info is not None:
                zeroconf.unregister_service(info)
        finally:
            zeroconf.close()
