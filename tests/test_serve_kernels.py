"""The kernels a served page runs on survive a port that another program took.

A kernel's ports are chosen free just before it starts; a program can take one in between (on
a busy machine it happened in CI: the kernel died on "Address already in use" and was restarted
five times on the same port). :data:`shangrila_widget.serve.KERNEL_OPTIONS` makes every restart
choose new ports; here a real kernel is restarted while its old shell port is held by someone
else, with and without those options.
"""

from __future__ import annotations

import socket

import pytest
from jupyter_client.manager import KernelManager
from traitlets.config.loader import KVArgParseConfigLoader

from shangrila_widget.serve import KERNEL_OPTIONS


def _restart_while_the_shell_port_is_taken(options: tuple[str, ...]) -> tuple[int, int, bool]:
    """Start a kernel, hold its shell port, restart it with new ports: the old and the new
    shell port, and whether the restarted kernel answers."""
    config = KVArgParseConfigLoader(list(options)).load_config()
    manager = KernelManager(config=config, kernel_name="python3")
    manager.start_kernel()
    try:
        old_port = manager.shell_port
        manager.shutdown_kernel(now=True, restart=True)
        with socket.socket() as squatter:
            squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            squatter.bind((manager.ip, old_port))
            squatter.listen()
            manager.cleanup_random_ports()
            manager.start_kernel()
            new_port = manager.shell_port
            client = manager.client()
            client.start_channels()
            try:
                answers = True
                try:
                    client.wait_for_ready(timeout=30)
                except RuntimeError:
                    answers = False
            finally:
                client.stop_channels()
        return old_port, new_port, answers
    finally:
        manager.shutdown_kernel(now=True)


def test_a_restarted_kernel_takes_new_ports_and_answers() -> None:
    old_port, new_port, answers = _restart_while_the_shell_port_is_taken(KERNEL_OPTIONS)
    assert new_port != old_port
    assert answers


@pytest.mark.parametrize("options", [()], ids=["jupyter_client's default"])
def test_without_the_options_the_restart_reuses_the_taken_port(options: tuple[str, ...]) -> None:
    """Why the options are there: by default a restart keeps the old (now taken) port."""
    old_port, new_port, _ = _restart_while_the_shell_port_is_taken(options)
    assert new_port == old_port
