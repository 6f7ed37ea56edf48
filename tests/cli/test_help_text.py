"""Every command's ``--help`` reads as written: a description, no doubled ``%%``."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.cli import main

COMMANDS = ["play", "simulate", "arena", "balance", "replay", "serve", "games"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_has_no_doubled_percent_sign(command: str, capsys: Any) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert "%%" not in text
    assert text.count("\n\n") >= 2  # usage, a description, then the options


def test_arena_and_balance_say_what_their_intervals_are(capsys: Any) -> None:
    for command, words in (("arena", "95% intervals"), ("balance", "95% interval")):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert words in " ".join(capsys.readouterr().out.split())


def test_a_choice_option_error_lists_the_choices_in_words(capsys: Any) -> None:
    assert main(["play", "fittoprint", "-o", "mode=nope"]) == 2
    err = capsys.readouterr().err
    assert "must be one of slo, realtime, family, family_realtime or puzzle, got 'nope'" in err
    assert "[" not in err


def test_fit_to_print_in_real_time_runs_its_clock_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    """Item 12: `meeple play fittoprint -o mode=realtime` runs the round's clock."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("draw 2x2\nkeep\nquit\n"))
    assert main(["play", "fittoprint", "-o", "mode=realtime", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "The clock runs: 4:00 for this round" in out and "left] Your choice" in out
