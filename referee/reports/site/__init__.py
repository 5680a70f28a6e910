"""``referee site``: a static web site of the games, one page each, with no script.

:mod:`pages` holds what a page shows (plain data gathered by the command), :mod:`links`
turns a Message-ID into a link, :mod:`writer` renders the pages from ``templates/site/``
(HTML-escaped) and writes them with their pictures.
"""
