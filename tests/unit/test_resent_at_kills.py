"""The reliability harness tells a doubled answer (a fault) from the one mail that a kill in
the instant of its acceptance makes the outbox send again (at-least-once delivery)."""

from __future__ import annotations

from servers.smtp import ReceivedMail

from bench.fault_rig import resent_at_kills

KEY = "<a@referee>"
ANSWER = b"Message-ID: <a@referee>\r\n\r\nYour action was applied.\r\n"


def _mail(raw: bytes, at: float) -> ReceivedMail:
    return ReceivedMail("referee@example.org", ("nix@example.org",), raw, at)


def test_the_same_mail_sent_again_by_a_second_attempt_after_a_kill() -> None:
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 12.0)]}
    assert resent_at_kills(copies, {KEY: 2}, [10.001]) == 1


def test_a_kill_while_the_first_copy_was_still_being_written_is_a_resend() -> None:
    # The client died after writing the mail's end; the sink stored it a moment later.
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 12.0)]}
    assert resent_at_kills(copies, {KEY: 2}, [9.99]) == 1
    assert resent_at_kills(copies, {KEY: 2}, [9.0]) == 0


def test_a_different_mail_under_the_same_message_id_is_a_doubled_answer() -> None:
    other = ANSWER.replace(b"applied", b"rejected")
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(other, 12.0)]}
    assert resent_at_kills(copies, {KEY: 2}, [10.001]) == 0


def test_two_copies_of_one_attempt_are_a_doubled_answer() -> None:
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 12.0)]}
    assert resent_at_kills(copies, {KEY: 1}, [10.001]) == 0


def test_two_copies_with_no_kill_between_them_are_a_doubled_answer() -> None:
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 10.05)]}
    assert resent_at_kills(copies, {KEY: 2}, [9.0, 10.1]) == 0


def test_three_copies_two_kills_three_attempts() -> None:
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 12.0), _mail(ANSWER, 14.0)]}
    assert resent_at_kills(copies, {KEY: 3}, [10.001, 12.001]) == 2
    assert resent_at_kills(copies, {KEY: 3}, [10.001]) == 1


def test_a_mail_the_outbox_does_not_hold_is_never_explained() -> None:
    copies = {KEY: [_mail(ANSWER, 10.0), _mail(ANSWER, 12.0)]}
    assert resent_at_kills(copies, {}, [10.001]) == 0
