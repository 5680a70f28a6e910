"""``referee manpage`` and ``referee completion SHELL``: generated from the parser.

Install them with, for example::

    referee manpage > /usr/local/share/man/man1/referee.1
    referee completion bash > /etc/bash_completion.d/referee
    referee completion zsh > "${fpath[1]}/_referee"
"""

from __future__ import annotations

import argparse
import shlex
from datetime import UTC, datetime

from referee.cli.common import Commands
from referee.cli.parser_tree import Command, Option, command_tree

EXIT_STATUS = (
    ("0", "success"),
    ("1", "the job ran but found a problem (quarantined mail, drift, a replay that differs)"),
    ("2", "bad usage or configuration"),
    ("3", "the database or a server could not be reached or is not ready"),
    ("141", "the output was closed before the command had written it all"),
)


def register(commands: Commands) -> None:
    manpage = commands.add_parser("manpage", help="print the manual page (roff), made from --help")
    manpage.set_defaults(handler=cmd_manpage, standalone=True)
    completion = commands.add_parser("completion", help="print a shell completion script")
    completion.add_argument("shell", choices=["bash", "zsh"])
    completion.set_defaults(handler=cmd_completion, standalone=True)


def _root() -> Command:
    from referee.cli import build_parser

    return command_tree(build_parser())


def cmd_manpage(args: argparse.Namespace) -> int:
    print(manual_page(_root()), end="")
    return 0


def cmd_completion(args: argparse.Namespace) -> int:
    print(completion_script(_root(), args.shell), end="")
    return 0


# ----------------------------------------------------------------------------- man page


def _roff(text: str) -> str:
    """Text safe in a roff line: backslashes doubled, no line starting with . or '."""
    escaped = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + escaped if escaped[:1] in (".", "'") else escaped


def _usage(option: Option) -> str:
    flags = ", ".join(f"\\fB{_roff(flag)}\\fR" for flag in option.flags)
    if option.metavar:
        value = "{" + ",".join(option.choices) + "}" if option.choices else option.metavar
        return f"{flags} \\fI{_roff(value)}\\fR" if flags else f"\\fI{_roff(value)}\\fR"
    return flags


def _synopsis(command: Command) -> str:
    parts = [f"\\fB{_roff(command.name)}\\fR"]
    parts += [
        f"[\\fB{_roff(o.flags[0])}\\fR]" for o in command.options if o.flags != ("-h", "--help")
    ]
    parts += [f"\\fI{_roff(p.metavar or '')}\\fR" for p in command.positionals]
    return " ".join(parts)


def manual_page(root: Command) -> str:
    from referee import __version__
    from referee.settings_env import OVERRIDES

    lines = [
        f'.TH REFEREE 1 "{datetime.now(UTC):%Y-%m-%d}" "referee {__version__}" "User Commands"',
        ".nh",  # option names are never hyphenated, nor lines stretched
        ".ad l",
        ".SH NAME",
        f"referee \\- {_roff(root.help)}",
        ".SH SYNOPSIS",
        "\\fBreferee\\fR [\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]",
        ".SH OPTIONS",
    ]
    for option in root.options:
        lines += [".TP", _usage(option), _roff(option.help)]
    lines.append(".SH COMMANDS")
    for command in root.walk()[1:]:
        if command.children:
            continue  # its actions are listed, each with its own synopsis
        lines += [
            f'.SS "{_roff(command.name)}"',
            _synopsis(command),
            ".PP",
            _roff(command.help),
        ]
        for option in (*command.positionals, *command.options):
            if option.flags == ("-h", "--help"):
                continue
            lines += [".TP", _usage(option)] + ([_roff(option.help)] if option.help else [])
    lines += [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBREFEREE_CONFIG\\fR",
        "The configuration file, when \\fB\\-\\-config\\fR is not given.",
    ]
    for name, (table, key, _) in OVERRIDES.items():
        lines += [".TP", f"\\fB{name}\\fR", f"Overrides {_roff(table)}.{_roff(key)}."]
    lines.append(".SH EXIT STATUS")
    for code, meaning in EXIT_STATUS:
        lines += [".TP", f"\\fB{code}\\fR", _roff(meaning)]
    lines += [
        ".SH FILES",
        "The example configuration, written by \\fBreferee config init\\fR, documents every key.",
    ]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- completion


def _words(command: Command) -> list[str]:
    words = [child.path[-1] for child in command.children]
    for option in command.options:
        words.extend(option.flags)
    for positional in command.positionals:
        words.extend(positional.choices)
    return words


def completion_script(root: Command, shell: str) -> str:
    """A bash completion function (zsh runs it through bashcompinit): the words after
    each command path, and file names where a value is wanted."""
    table = "\n".join(
        f"    [{shlex.quote(command.name)}]={shlex.quote(' '.join(_words(command)))}"
        for command in root.walk()
    )
    valued = sorted(
        {
            flag
            for c in root.walk()
            for o in c.options
            if o.metavar and not o.choices
            for flag in o.flags
        }
    )
    script = f"""# referee completion ({shell}), generated by `referee completion {shell}`
declare -gA _referee_words=(
{table}
)
_referee() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    local path="referee" word index
    case " {" ".join(valued)} " in
        *" $prev "*) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    for ((index = 1; index < COMP_CWORD; index++)); do
        word="${{COMP_WORDS[index]}}"
        if [[ -n "${{_referee_words[$path $word]+set}}" ]]; then
            path="$path $word"
        fi
    done
    COMPREPLY=($(compgen -W "${{_referee_words[$path]}}" -- "$cur"))
    if [[ ${{#COMPREPLY[@]}} -eq 0 && "$cur" != -* ]]; then
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}}
complete -F _referee referee
"""
    if shell == "zsh":
        script = "autoload -U +X bashcompinit && bashcompinit\n" + script
    return script
