"""Commune's other words for its actions, put in its grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import NUMBER_WORDS, Lexicon, rewrites
from referee.games.commune.colours import COLOURS

_SIDE = r"(left|middle|right)"
_SYM = r"(an?\s+[A-Ja-j0-9])"
_GAME = r"(?:the\s+)?commune(?:\s+tournament)?"
# The game as a label names it, its version perhaps with it ("Commune v1.3: I'm in").
_GAME_LABEL = r"(?:the\s+)?commune(?:\s+v?[0-9]+(?:\.[0-9]+)*)?(?:\s+tournament)?"
# One constructor and the Symbol it is to build, in a list: "left 1", "middle: a 2", "right=C".
_LABELLED_SIDE = (
    r"(left|middle|right|(?-i:[LMR])(?=\s*[:=]))(?:\s+(?:one|constructor))?\s*[:=\-]?\s*"
    r"(?:an?\s+)?([A-Ja-j0-9])(?![\w'])"
)

# Constructors listed with their Symbols after the label "Constructors:": one, then the
# others (the group at the end, repeated as the label says).
_SIDES_LISTED = rf"{_LABELLED_SIDE}(?:\s*(?:,|;|and|&)\s*(?:and\s+)?{_LABELLED_SIDE})"

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    own_words=re.compile(
        r"\b(?:tiles?|tokens?|commun\w*|comunit\w*|constructors?|invest\w*|participants?|"
        r"trade)\b",
        re.IGNORECASE,
    ),
    verbs=(
        "place",
        "invest",
        "grant",
        "name",
        "offer",
        "accept",
        "withdraw",
        "begin",
        "join",
        "tile",
        # Other verbs a list item may open with ("- become a participant in Commune"). Short
        # common words ("take", "pay", "make") stay out: a real word one letter from a verb
        # would be taken for its typo.
        "become",
        "cease",
        "leave",
        "collect",
        "cancel",
        "retract",
    ),
    # Its other words, whose plain slips are corrected ("constructin", "rigth", "myslef").
    nouns=(
        *("constructing", "constructor", "constructors", "investment", "participant"),
        *("community", "myself", "middle", "right", "left", "token", "tokens", "tile"),
        *("tiles", "offer", "trade"),
    ),
    trailing=("commune", "commune tournament", "this tournament"),
    # Every rewrite below needs one of these (a word of the game, a verb it rewrites, or a
    # digit); a sentence with none of them skips the rewrites.
    clues=re.compile(
        r"[0-9]|\b(?:tiles?|tokens?|constructors?|offers?|trad\w*|swap\w*|exchang\w*|invest\w*|"
        r"communit\w*|com+u\w*|commune|tournament|inv|particip\w*|player|nam\w*|dub|call|christen|rename|"
        r"known|join|enter|leave|quit|exit|opt|drop|withdraw\w*|retract|cancel|revoke|rescind|"
        r"pull|back|remove|accept|grant|collect|claim|receive|begin|start|set|get|build\w*|"
        r"construct\w*|mak\w*|produc\w*|work|buy|put|lay|place|pay\w*|spend\w*|us\w*|"
        r"register|sign|enrol\w*|enlist|bow|retire|depart|resign|stop|end|cease|ceasing|add|"
        r"shares?|stake|gain|obtain|take|acquire|purchase|giv\w*|hand\w*|send\w*|transfer|"
        r"want|ask\w*|request|seek|create|open|submit|publish|announce\w*|issue|extend|post|"
        r"propose|left|right|middle|centre|center|central|middlemost|symbol|zero|one|two|"
        r"three|four|five|six|seven|eight|nine|teh|hte|wiht|adn)\b",
        re.IGNORECASE,
    ),
    # Labels of the same meaning share one pattern (each is an alternative of it), so that the
    # test every sentence meets at its start (``referee.parsing.normalise.Labels``) stays short.
    # "Tile at E2, Jade.": a colour alone at the end may be the community invested in or the
    # name of the one the tile founds; never set aside, told (P65-read-games-s17-16).
    kept_asides=re.compile(
        r"^[(\[]?\s*(?:" + "|".join(sorted(COLOURS)) + r")\s*[)\]]?[\s.!]*$", re.IGNORECASE
    ),
    labels=rewrites(
        # "a D with my right one": a Symbol in the author's left, middle or right one, which only
        # a Token Constructor is (P73-read-games-s20-15).
        (
            r"^(an?\s+[A-J0-9]\s+(?:with|in|on|for)\s+my\s+(?:left|middle|right))\s+one\b",
            r"\1 constructor",
        ),
        # "Jade gets my investment.", "My investment goes to Jade this week": the community
        # named as the one the author's investment goes to, now (P68-read-games-s18-8); a label, as
        # no "I" opens it.
        (
            # Only a colour (a community's name, rule "Placing Tiles"): "Nobody gets my
            # investment" and "Janet gets ..." are not communities.
            r"^((?:"
            + "|".join(sorted(COLOURS))
            + r"))(?:\s+community)?\s+(?:gets|receives)\s+my\s+"
            r"(?:(?:one|weekly|only|next)\s+)?"
            r"investment(?:\s+(?:this\s+week|today|now))?\s*[.!]*$",
            r"I invest in \1",
        ),
        # "Janet's community gets my investment.": the community named by its founder, as
        # "I invest in Janet's community" names it (P70-read-games-s19-6).
        (
            r"^((?:(?-i:[A-Z])[\w\-]*['\u2019]s|my(?:\s+own)?)\s+community)\s+(?:gets|receives)\s+"
            r"my\s+(?:(?:one|weekly|only|next)\s+)?investment(?:\s+(?:this\s+week|today|now))?"
            r"\s*[.!]*$",
            r"I invest in \1",
        ),
        # "a 7 in my left constructor": a Symbol and the author's constructor, with no verb, as
        # a list's item (P70-read-games-s19-16).
        (
            r"^(?:an?\s+)?([A-Ja-j0-9])\s+(?:in|on|for|with)\s+my\s+(left|middle|right)"
            r"(?:\s+token)?\s+constructor\s*[.!]*$",
            r"I begin constructing a \1 with my \2 constructor",
        ),
        # "My tile goes on E5.": the author's tile and where it goes, now (P70-read-games-s19-9).
        (
            r"^(?=m)my\s+(?:next\s+|one\s+)?tile\s+(?:goes|lands)\s+(?:on|to|at|onto)\s+"
            r"(?=[A-Ja-j]-?[0-9]\s*(?:(?:this\s+week|today|now|please|pls)\s*)?[.!]*$)",
            "I place a tile at ",
        ),
        # "Jade: investment.", "Amber -> my investment": a colour as the label over the
        # investment alone, as "Investment: Jade" is (P70-read-games-s19-6).
        (
            r"^((?:"
            + "|".join(sorted(COLOURS))
            + r"))(?:\s+community)?\s*(?::|->|=>|\u2192|\s-\s|\s?[\u2013\u2014]\s?)\s*"
            r"(?:(?:my|an|one|1|\+1|the)\s+)?(?:(?:weekly|new)\s+)?investment"
            r"(?:\s+(?:this\s+week|today|now))?(?:\s*,?\s*(?:please|pls|plz))?\s*[.!]*$",
            r"I invest in \1",
        ),
        # "Left constructor starts on a C": a constructor named first at the start of a line,
        # with no "my", is the author's own (P68-read-games-s18-7).
        (
            r"^(?=[LlMmRr])((?:left|middle|right)(?:\s+token)?\s+constructor\s+"
            r"(?:begins?|starts?|works?)\s+(?:on|with|constructing|building|making)\b)",
            r"my \1",
        ),
        # "Left constructor -> B, middle -> 3": an arrow from a constructor to its Symbol is
        # the label's colon, each arrow in turn (P65-read-games-s17-7).
        (
            r"^((?:my\s+)?(?:left|middle|right)\b[^>=\u2192]*?)\s*(?:->|=>|\u2192)\s*"
            r"(?=(?:an?\s+)?[A-Ja-j0-9](?![\w']))",
            r"\1: ",
        ),
        (
            r"^((?:my\s+)?(?:left|middle|right)\b[^>=\u2192]*?)\s*(?:->|=>|\u2192)\s*"
            r"(?=(?:an?\s+)?[A-Ja-j0-9](?![\w']))",
            r"\1: ",
        ),
        (
            r"^((?:my\s+)?(?:left|middle|right)\b[^>=\u2192]*?)\s*(?:->|=>|\u2192)\s*"
            r"(?=(?:an?\s+)?[A-Ja-j0-9](?![\w']))",
            r"\1: ",
        ),
        # "Tiles at C1 and C2.": the plural noun alone before a list of places and nothing
        # else, as "Tile at C1" is one tile (P55-read-games-s13-7).
        (
            r"^(?=t)tiles\s+(?:at|on)\s+(?=[A-Ja-j][0-9](?:\s*(?:,|and|&|,\s*and)\s*[A-Ja-j][0-9])+"
            r"(?:\s*,?\s*(?:please|pls|plz))?[.!]*$)",
            "I place tiles at ",
        ),
        # Words set aside before the author's act or request: a greeting before a request with
        # no "I" ("Hi all, count me in for Commune", "Hello all, signing myself up"), an
        # interjection and "and" ("Oh, and I grant myself ..."), the game's name as a tag
        # ("[Commune] I place a tile at D5").
        (
            r"^(?=[hoasbp\[(])(?:(?:hi|hello|hey|ok(?:ay)?|alright)\b[^,:!.]{0,30}[,:!]\s*(?=(?:please\s+)?(?:add|enrol|"
            r"enroll|register|put|count|sign)\s+me\b|(?:signing|registering|enrolling|enroling|opting)\b)|"
            r"(?:oh|ah|ok(?:ay)?|so|also|btw|plus)\s*[,:!]?\s+and\s+(?:also\s+)?(?=I\s)|"
            r"[\[(]\s*(?:the\s+)?commune(?:\s+v?[0-9]+(?:\.[0-9]+)*)?\s*[\])]\s*[:\-\u2013\u2014]?\s*(?=I\b))",
            "",
        ),
        # Taking part asked for with no "I": "Please add me as a participant in Commune", "Add
        # me to the Commune tournament", "Please count me in as a Commune participant"; the
        # game's name as the label of the request ("Commune: I'm in", "Commune v1.3 - count me
        # in"); a gerund ("Signing up for Commune", "Registering for the Commune tournament");
        # "Please consider (list) me a participant in Commune".
        (
            rf"^(?=[paercstoml])(?:(?:please\s+)?(?:add|enrol|enroll|register|put|count)\s+me\s+(?:down\s+|in\s+)?"
            rf"(?:as\s+an?\s+(?:new\s+)?(?:participant|player)\s+)?(?:in|to|for|of|on)\s+{_GAME_LABEL}"
            rf"(?:\s+as\s+an?\s+(?:participant|player))?(?:\s*,?\s*please)?$|"
            r"(?:please\s+)?(?:add|enrol|enroll|register|put|count|sign)\s+me\s+(?:down\s+|in\s+|up\s+)?"
            r"as\s+an?\s+(?:new\s+)?commune\s+(?:participant|player)(?:\s*,?\s*please)?$|"
            rf"{_GAME_LABEL}\s*[:\-\u2013\u2014]\s*(?:I['\u2019]?m\s+in|I\s+am\s+in|count\s+me\s+in|"
            r"sign\s+me\s+up|add\s+me|I\s+join)(?:\s+too)?(?:\s*,?\s*(?:please|pls|plz))?[.!]*$|"
            rf"(?:signing\s+(?:myself\s+)?up|registering|enrolling|enroll?ing|opting\s+in)\s+"
            rf"(?:for|to|in|into)\s+{_GAME_LABEL}(?:\s+as\s+an?\s+(?:participant|player))?"
            r"(?:\s*,?\s*(?:please|pls|plz))?[.!]*$|"
            rf"(?:please\s+)?(?:consider|count|treat|mark|list)\s+me\s+(?:as\s+)?an?\s+(?:participant|player)\s+"
            rf"(?:in|of|for)\s+{_GAME_LABEL}(?:\s*,?\s*(?:please|pls|plz))?[.!]*$)",
            "I become a participant in Commune",
        ),
        # "Commune - I'm out", "Commune: count me out": the game's name as the label of leaving.
        (
            rf"^(?=[tc]){_GAME_LABEL}\s*[:\-\u2013\u2014]\s*(?:I['\u2019]?m\s+out|I\s+am\s+out|count\s+me\s+out|I\s+quit|"
            r"I\s+leave)(?:\s+now)?[.!]*$",
            "I cease to be a participant in Commune",
        ),
        # "Constructors: left 1, middle 2, right C": each constructor labelled with its Symbol
        # (read by the rewrites below); "Left: 8, Middle: 8, Right: 8": two or three of them
        # need no "Constructors:".
        (
            r"^(?=[mtclr])(?:(?:my\s+)?(?:token\s+)?constructors\s*[:\-\u2013\u2014]\s*(?="
            + _SIDES_LISTED
            + "{0,2}"
            r"\s*[.!]*$)|(?=" + _SIDES_LISTED + r"{1,2}\s*[.!]*$))",
            "I set my constructors: ",
        ),
        # "Janet: I accept your trade offer with my 5": the one addressed made the offer.
        # (An officer's title or the list addressed is no offer's maker.)
        (
            r"^(?=[^\s:,]{1,30}[:,]|(?:dear|hi|hey)\s)(?:(?:dear|hi|hey)\s+)?((?-i:[A-Z])[\w\-]*)(?=\s*[:,])(?<!surveyor)(?<!sensei)(?<!registrar)"
            r"(?<!referee)(?<!\ball)(?<!everyone)(?<!everybody)(?<!folks)(?<!commune)(?<!okinawa)"
            r"\s*[:,]\s*I\s+(?:hereby\s+)?accept\s+your\s+(?=(?:trade\s+)?offer\b)",
            r"I accept \1's ",
        ),
        # "Please withdraw my trade offer 3": the author's own offer, the author's request.
        (r"^please\s+(?=(?:withdraw|cancel|retract|revoke)\s+my\b)", "I "),
        # "From my right constructor, I grant myself ...", "With my Middle Token Constructor: I
        # begin ...": the constructor said first, moved after the action (an opener would be
        # set aside with it).
        (
            r"^(?:with|using|from|on|in|via|for|through)\s+my\s+(left|middle|right)(?:[\s\-]?(?:hand|most))?"
            r"\s+(?:token\s+)?constructor\s*[,:\-\u2013\u2014]?\s*I\s+(?!.*\bconstructor\b)(.+?)"
            # A reason after the action stays after it, where it is set aside
            # (P52-read-games-s12-10).
            r"(\s*,\s*(?:since|because|as|so\s+that)\s+.*)?\s*$",
            r"I \2 with my \1 constructor\3",
        ),
        # "I place a tile at E4 with my E and 4 tokens": the tokens paid (P52-read-games-s12-10).
        (
            r"^(I\s+place\s+a\s+tile\s+at\s+[A-Ja-j]\s*-?[0-9])\s+with\s+(?=my\s+[A-Ja-j]\s+(?:token\s+)?"
            r"(?:and|&|\+)\s+(?:my\s+)?[0-9](?:\s+tokens?)?$)",
            r"\1, paying ",
        ),
        # "I grant myself the tokens my left and right constructors built": each one's token.
        (
            rf"^I\s+(?:grant\s+myself|collect|take|claim)\s+the\s+tokens\s+my\s+{_SIDE}\s+and\s+{_SIDE}\s+"
            r"(?:token\s+)?constructors\s+(?:have\s+)?(?:built|made|constructed|finished|completed)$",
            r"I grant myself the tokens my \1 and \2 constructors are constructing",
        ),
        # "I name my community after the color White": "after" is the colour's, not a time.
        (
            r"^(I\s+(?:hereby\s+)?name\s+.+?)\s+after\s+(?:the\s+)?colou?r\s+(?=(?-i:[A-Z])|[\"'\u201c\u2018])",
            r"\1 ",
        ),
        # "I grant myself what my left constructor is building": the token it is constructing
        # (a label, for its "what" is no question here; P42-read-games-s10-1).
        (
            rf"^(?=I\s)I\s+(?:hereby\s+)?(?:grant\s+myself|collect|take|claim|get)\s+what(?:ever)?\s+my\s+"
            rf"{_SIDE}\s+(?:token\s+)?constructor\s+(?:is|has\s+been)\s+(?:already\s+|currently\s+|now\s+)?"
            r"(?:constructing|building|making)(?=[\s.!]*$)",
            r"I grant myself the token my \1 constructor is constructing",
        ),
        # "Left Token Constructor: 3": a constructor labelled with the Symbol it is to build.
        (
            r"^(?=[mlr])(?:my\s+)?(left|middle|right)(?:\s+token)?(?:\s+constructor)?\s*[:\-\u2013\u2014]\s*"
            r"(?:an?\s+)?[\"'\u201c\u2018]?([A-Ja-j0-9])[\"'\u201d\u2019]?$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        # "Trade offer: my J for a 2", "New offer - my 7 for an A", "Trade: my 6 for a 1",
        # "Trade offer: I give my B, I want a 5" (read by the label after this one).
        (
            r"^(?=[nmot])(?:new\s+|my\s+)?(?:trade\s+offer|offer|trade)\s*[:\-\u2013\u2014]\s*"
            r"(?:I\s+(?:offer|give|trade|put\s+up)\s+)?(?=(?:my|an?|one)\s+[A-Ja-j0-9]\b|[A-Ja-j0-9]\s+for\b)",
            "I offer ",
        ),
        # "I offer my 5 and want a B in return": what the author wants is the offer's set.
        (
            r"^(I\s+offer\s+(?:my\s+|an?\s+)?[A-Ja-j0-9](?:\s+token)?)\s*,?\s+(?:and\s+)?(?:I\s+)?"
            r"(?:want|would\s+like|ask\s+for|request|seek)\s+(.+?)(?:\s+in\s+(?:return|exchange))?$",
            r"\1 for \2",
        ),
        # "The community I founded shall henceforth be known as Ecru": the founder names it.
        (
            r"^(?=[tm])(?:the\s+community\s+I\s+(?:just\s+|have\s+just\s+|recently\s+)?(?:founded|started|"
            r"created)|my\s+(?:new\s+|newly\s+founded\s+)?community)\s*,?\s+(?:(?:shall|will|is\s+to)\s+"
            r"(?:henceforth\s+|hereby\s+|from\s+now\s+on\s+)?be|is\s+(?:hereby|henceforth))\s+"
            r"(?:known\s+as|named|called)\s+",
            "I name my community ",
        ),
        # "The community at G6 is hereby named Gold": a naming only with "hereby" or "shall"
        # ("The community at G6 is named Gold" tells what is).
        (
            r"^the\s+community\s+(at\s+[A-Ja-j][0-9])\s*,?\s+(?:(?:shall|will|is\s+to)\s+"
            r"(?:henceforth\s+|hereby\s+|from\s+now\s+on\s+)?be|is\s+(?:hereby|henceforth))\s+"
            r"(?:known\s+as|named|called)\s+",
            r"I name the community \1 ",
        ),
        # "The community at C2 I name Crimson": the community first, then the author's naming
        # of it (P65-read-games-s17-12).
        (
            r"^the\s+community\s+(at\s+[A-Ja-j][0-9])\s*,?\s+I\s+(?:hereby\s+)?(?:name|call|dub)\s+"
            r"(?=[\"'\u201c\u2018]?(?-i:[A-Z])[a-z]+[\"'\u201d\u2019]?[.!]*$)",
            r"I name the community \1 ",
        ),
        # "Janet only" in brackets or after a comma: who may accept the offer.
        (
            r"^(I\s+offer\b.*?)\s*(?:,\s*|\(\s*)((?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*"
            r"(?-i:[A-Z])[\w\-]*)*)\s+only\s*\)?$",
            r"\1 (only to \2)",
        ),
        # "I make a trade offer: my C for any 4 or 5": the offer itself, said after the colon
        # (P65-read-games-s17-5).
        (
            r"^I\s+make\s+(?:a|an)\s+(?:trade\s+)?offer\s*[:\-\u2013\u2014]\s*(?=(?:my\s+|an?\s+)?"
            r"[A-Ja-j0-9](?:\s+token)?\s+(?:for|in\s+exchange\s+for|in\s+return\s+for)\s)",
            "I offer ",
        ),
        # An offer's wanted Symbols joined by "or" are its set, not a hedge: "for a 2 or a 5",
        # "for any 4 or 5".
        (
            r"^(I\s+offer\s+(?:up\s+)?(?:to\s+(?:trade|swap|exchange|give)\s+)?(?:my\s+|an?\s+)?[A-Ja-j0-9]"
            r"(?:\s+token)?\s+(?:for|in\s+exchange\s+for|in\s+return\s+for)\s+)(?:any\s+of\s+|either\s+|"
            r"one\s+of\s+|any\s+)?(?:an?\s+)?([A-Ja-j0-9])((?:\s*,\s*(?:an?\s+)?[A-Ja-j0-9])*)\s*,?\s+or\s+"
            r"(?:an?\s+)?([A-Ja-j0-9])(?![\w'])",
            r"\1any of \2\3 and \4",
        ),
        # "Left constructor: begin constructing a J", "Middle - collect the token".
        (
            r"^(?=[mlr])(?:my\s+)?(left|middle|right)(?:\s+token)?(?:\s+constructor)?\s*[:\-\u2013\u2014]\s*"
            r"(?:I\s+)?(?:begin|start)\s+(?:constructing|building|making|to\s+construct|on|working\s+on)\s+"
            r"(.+?)\s*$",
            r"I begin constructing \2 with my \1 constructor",
        ),
        (
            r"^(?=[mlr])(?:my\s+)?(left|middle|right)(?:\s+token)?(?:\s+constructor)?\s*[:\-\u2013\u2014]\s*"
            # "Left constructor: begin a J": "begin" alone before the Symbol (P48-...-s11-2).
            r"(?:I\s+)?(?:construct|build|make|set\s+to|begin|start)\s+(?=(?:an?\s+)?[A-Ja-j0-9](?![\w']))"
            r"(.+?)\s*$",
            r"I begin constructing \2 with my \1 constructor",
        ),
        (
            r"^(?=[mlr])(?:my\s+)?(left|middle|right)(?:\s+token)?(?:\s+constructor)?\s*[:\-\u2013\u2014]\s*"
            # "Right constructor: collect": the token it holds, named or not
            # (P65-read-games-s17-18).
            r"(?:I\s+)?(?:grant\s+myself|collect|claim|take|receive|get)(?:\s+(?:the|its|my)\s+token"
            r"(?:\s+(?:it\s+is|it['\u2019]s)\s+(?:constructing|building))?|\s+it)?\s*[.!]*$",
            r"I grant myself the token my \1 constructor is constructing",
        ),
        # Phone shorthand: "inv jade pls", "invest Jade" (P42-read-games-s10-4).
        (
            r"^(?=i)(?:inv\.?\s+(?:in\s+)?(?=[A-Za-z][\w\-]*(?<!ly)\s*,?\s*(?:pls|please|plz|thx|ty)?[.!]*$)|"
            r"invest\s+(?=(?-i:[A-Z])[\w\-]*\s*,?\s*(?:pls|please|plz|thx|ty)?[.!]*$))",
            "I invest in ",
        ),
        # A tile asked for with no "I": "Tile: D4", "Place tile: D7", "Tile E2" (the noun alone;
        # "Place tile C4." may be an instruction: P1o), "Here's my move: tile at D4",
        # "Surveyor, please record: tile at D4", "One tile at D4 for me".
        (
            r"^(?=[mntphsorl1a])(?:(?:my\s+)?(?:new\s+)?(?:(?:tile(?:\s+placement)?|(?:place|placing|placed)\s+"
            # "Place: E2", a label as "Placement: E2" is (P65-read-games-s17-6).
            r"(?:an?\s+)?tile|placement|place)\s*[:\-\u2013\u2014]\s*(?=[A-Ja-j]\s*-?\s*[0-9]\b)|"
            r"tile\s(?=[A-Ja-j]\s*-?\s*[0-9]\s*,?\s*(?:please|pls|plz)?[.!]*$))|"
            r"(?:here['\u2019]?s\s+|here\s+is\s+)?my\s+(?:move|play)(?:\s+(?:for|in)\s+commune)?"
            r"(?:\s+this\s+week)?\s*[:\-\u2013\u2014]\s*(?:(?:a|one)\s+)?tile\s+(?:at|on)\s+(?=[A-Ja-j]\s*-?\s*[0-9]\b)|"
            r"(?:(?:surveyor|officer)\s*[,:\-\u2013\u2014]\s*)?(?:please\s+)?(?:record|note|log)\s*"
            r"[:\-\u2013\u2014]?\s*(?:(?:a|one|my)\s+)?tile\s+(?:at|on)\s+(?=[A-Ja-j]\s*-?\s*[0-9]\b)|"
            r"(?:1|one|an?)\s+tile\s+(?:at|on)\s+(?=[A-Ja-j][0-9]\s*,?\s*(?:for\s+me)?\s*,?\s*"
            r"(?:please|pls|plz)?[.!]*$))",
            "I place a tile at ",
        ),
        # An investment asked for with no "I": "Investment: Amber", "Invest in: Jade", "This
        # week's investment: Jade", "My investment this week goes to Amber" ("is in Amber"
        # tells what is), "1 investment in Jade for me please".
        (
            r"^(?=[mtwo1af]|inv)(?:(?:my\s+)?(?:(?:this|the)\s+week['\u2019]?s\s+|today['\u2019]?s\s+|weekly\s+)?"
            r"(?:investment|invest(?:ing)?(?:\s+in)?)(?:\s+(?:for\s+)?(?:this\s+week|today))?\s*[:\-\u2013\u2014]\s*"
            r"(?=(?-i:[A-Z])[\w\-]*\s*$)|"
            # "For this week's investment, I pick Jade" (P42-read-games-s10-1).
            r"for\s+(?:(?:this|the)\s+week['\u2019]?s\s+|today['\u2019]?s\s+|my\s+(?:weekly\s+)?)investment"
            r"(?:\s+(?:for\s+)?this\s+week)?\s*[,:\-\u2013\u2014]?\s*I\s+(?:pick|choose|select|go\s+(?:with|for)|"
            r"take|want)\s+(?=(?-i:[A-Z])[\w\-]*\s*[.!]*$)|"
            r"my\s+(?:weekly\s+)?investment(?:\s+(?:for\s+)?this\s+week)?\s+goes\s+(?:to|in|into)\s+"
            r"(?=(?-i:[A-Z])[\w\-]*\s*[.!]*$)|"
            r"(?:(?:1|one|an?)\s+)?investment\s+(?:in|for|into)\s+(?=(?-i:[A-Z])[\w\-]*\s*,?\s*(?:for\s+me)?"
            r"\s*,?\s*(?:(?:for\s+)?(?:this\s+week|today)\s*,?\s*)?(?:please|pls|plz)?[.!]*$))",
            "I grant myself an investment in ",
        ),
    ),
    rewrites=rewrites(
        # "a D with my right one": a Symbol in the author's left, middle or right one, which
        # only a Token Constructor is; "I take my investment in Amber"; "I become participant
        # of Commune", the learner's dropped article (P73-read-games-s20-15).
        (r"^I\s+take\s+my\s+(?:weekly\s+)?investment\s+(?=in\b)", "I take an investment "),
        # "paying the F and the 8": the author's tokens named with "the"; 'token "C"', "symbol
        # 'C'": a Symbol in quotes (P73-read-games-s20-16).
        (
            r"\b(paying|using|spending)\s+the\s+([A-J0-9])\s+(and|&)\s+the\s+([A-J0-9])\b",
            r"\1 my \2 \3 my \4",
        ),
        (
            r"\b(constructing)\s+(?:an?\s+)?(?:token|symbol)\s+[\"\u201c\u2018']([A-J0-9])[\"\u201d\u2019']",
            r"\1 a \2",
        ),
        (r"^I\s+become\s+participant\s+(?=(?:of|in)\b)", "I become a participant "),
        # "Tile: H1 (v1.3 rules)", "(Commune v1.2)": the ruleset named in brackets at the end;
        # an act reads the same in both versions (P73-read-games-s20-14).
        (r"\s*\(\s*(?:commune\s+)?v\s?1\.[23](?:\s+(?:rules|ruleset))?\s*\)[\s.!]*$", ""),
        # "trade offer number three", "offer no. 3": the offer's number, in figures
        # (P73-read-games-s20-13).
        *(
            (rf"\b((?:trade\s+)?offer)\s+(?:number|no\.?|nr\.?)\s*(?:{word})\b", rf"\g<1> {number}")
            for number, word in enumerate(NUMBER_WORDS)
            if number
        ),
        (r"\b((?:trade\s+)?offer)\s+(?:number|no\.?|nr\.?)\s*(?=[0-9])", r"\1 "),
        # The constructors' label ("Constructors: left 1, middle 2, right C"), one setting each.
        *(
            (
                r"^I\s+set\s+my\s+constructors:\s+"
                + r"\s*(?:,|;|and|&)\s*(?:and\s+)?".join([_LABELLED_SIDE] * count)
                + r"\s*[.!]*$",
                "I "
                + " and ".join(
                    f"begin constructing a \\{2 * n + 2} with my \\{2 * n + 1} constructor"
                    for n in range(count)
                ),
            )
            for count in (3, 2, 1)
        ),
        # "L=1, M=2, R=3": the constructors by their initials, in the label above only.
        (r"\bmy\s+(?-i:L)\s+constructor\b", "my left constructor"),
        (r"\bmy\s+(?-i:M)\s+constructor\b", "my middle constructor"),
        (r"\bmy\s+(?-i:R)\s+constructor\b", "my right constructor"),
        # The game's noun misspelt ("communty", "comunity"): one word only can be meant.
        (
            r"\b(?:comunity|communty|comunty|communnity|commuity|communiy|commnuity|communtiy|"
            r"comminity|commmunity)\b",
            "community",
        ),
        # Articles dropped, as quick or non-native writers do: "I place tile at C4", "I make
        # investment in Jade".
        (r"^I\s+(place|put|lay|play|drop|set)\s+tile\s+(?=(?:at|on|in|to)\b)", r"I \1 a tile "),
        (r"^(I\s+place\s+(?:a|one)\s+tile)\s+to\s+(?=[A-Ja-j][0-9]\b)", r"\1 at "),
        # The preposition dropped too: "I place tile H2", "I place a tile H2".
        (
            r"^I\s+(place|put|lay|drop)\s+(?:a\s+|one\s+)?tile\s+(?=[A-Ja-j][0-9]\b)",
            r"I \1 a tile at ",
        ),
        (r"^I\s+(make|take|buy|get)\s+investment\s+(?=in\b)", r"I \1 an investment "),
        # "I make this week's investment in Jade", "I take my weekly investment in Jade": the
        # week's one investment, named as such (P48-read-games-s11-2).
        (
            r"^I\s+(?:make|take|place|get|put)\s+(?:this\s+week['\u2019]?s|my\s+(?:weekly|one)|today['\u2019]?s)\s+"
            r"investment\s+(?:in|into|on)\s+(?=(?-i:[A-Z]))",
            "I grant myself an investment in ",
        ),
        # The method said at the end ("... at C7 by announcement"), which changes nothing.
        (r"\s*,?\s*by\s+announcement$", ""),
        # Small words mistyped, which no reading would take for anything else.
        (r"\b(?:teh|hte)\b", "the"),
        (r"\badn\b", "and"),
        (r"\bwiht\b", "with"),
        # "I invest in Jade instead of Amber": what is not chosen, named after what is.
        (
            r"^(I\s+(?:invest\s+in|grant\s+myself\s+an\s+investment\s+in|place\s+a\s+tile\s+at)\s+[\w\-]+)"
            r"\s*,?\s+(?:instead\s+of|rather\s+than)\s+(?:at\s+|in\s+)?[\w\-]+$",
            r"\1",
        ),
        # "I invest in both Jade and Amber": one investment in each.
        (
            r"^I\s+(invest\s+in|grant\s+myself\s+an\s+investment\s+in)\s+both\s+(?=\w+\s+and\s)",
            r"I \1 ",
        ),
        # "I name the community at C3 Crimson, and the one at D7 Denim": two namings.
        (
            r"^(I\s+name\s+the\s+community\s+at\s+[A-Ja-j][0-9]\s+[\w\-]+)\s*,?\s+and\s+the\s+one\s+"
            r"(?=at\s+[A-Ja-j][0-9]\s)",
            r"\1 and name the community ",
        ),
        # "I make two trade offers: my 1 for a 2, and my 3 for a 4".
        (
            r"^I\s+make\s+(?:two|2)\s+(?:trade\s+)?offers\s*[:\-\u2013\u2014]\s*((?:my|an?)\s+.+?)\s*,?\s*"
            r"(?:and|;)\s+((?:my|an?)\s+.+)$",
            r"I offer \1 and offer \2",
        ),
        # "I accept Murphy's trade offer #3", "trade offer 3 (Murphy's)": the number names
        # the offer and the maker named is checked against it when it is accepted or
        # withdrawn, never dropped (P52-read-games-s12-1, P55-read-games-s13-1).
        (
            r"^(I\s+(?:accept|withdraw|retract|cancel)\s+)([A-Za-z\u00C0-\u024F][\w\-]*)['\u2019]s\s+(?:trade\s+)?offer\s+#?\s*([0-9]+)\b",
            r"\1trade offer \3 made by \2",
        ),
        (
            r"^(I\s+(?:accept|withdraw|retract|cancel)\s+(?:trade\s+)?offer\s+#?\s*[0-9]+)\s*(?:\(\s*([A-Za-z\u00C0-\u024F][\w\-]*)['\u2019]s\s*\)"
            r"|,\s*([A-Za-z\u00C0-\u024F][\w\-]*)['\u2019]s\s*,)",
            r"\1 made by \2\3",
        ),
        # "Murphy's trade offer #3" after any other verb: the number names it.
        (r"\b(?-i:[A-Z])[\w\-]*['\u2019]s\s+(?=(?:trade\s+)?offer\s+#?\s*[0-9])", ""),
        # "with the 9 I just got": the author's own 9.
        (
            r"\bwith\s+the\s+([A-Ja-j0-9])\s+(?:token\s+)?(?:that\s+)?I\s+(?:just\s+)?(?:got|received|gained|"
            r"collected|have|own)\b.*$",
            r"with my \1",
        ),
        # "... and make a new one: my 5 for a C": another offer.
        (
            r"\band\s+make\s+(?:a\s+)?new\s+(?:one|(?:trade\s+)?offer)\s*[:,\-\u2013\u2014]?\s*(?=(?:my|an?)\s)",
            "and offer ",
        ),
        # "I place a tile at D 3 and E 3": the later locations written with a space too.
        (
            r"^(I\s+place\b.*?(?:\band|,|&)\s+(?:at\s+|on\s+)?)((?-i:[A-J]|[b-j]))\s+([0-9])(?![0-9A-Za-z])",
            r"\1\2\3",
        ),
        # "the token 'A'", "a token of (with) symbol 5": the Symbol named.
        (
            r"\b(constructing|building|making)\s+the\s+token\s+[\"'\u201c\u2018]([A-Ja-j0-9])[\"'\u201d\u2019]",
            r"\1 a \2",
        ),
        (r"\ban?\s+token\s+(?:of|with)\s+(?:the\s+)?symbol\s+([A-Ja-j0-9])(?![\w'])", r"a \1"),
        # "my middle constructor's token": the token it is constructing, here and after "and".
        (
            r"\bmy\s+(left|middle|right)\s+(?:token\s+)?constructor['\u2019]s\s+token\b(?=\s+and\s+my\s)",
            r"the token from my \1 constructor",
        ),
        (
            r"(?<=\sand\s)my\s+(left|middle|right)\s+(?:token\s+)?constructor['\u2019]s\s+token$",
            r"the token from my \1 constructor",
        ),
        # "community number 2".
        (r"\bcommunity\s+(?:number|no\.?|nr\.?|num\.?)\s*(?=#?[0-9])", "community "),
        # "I declare myself a participant in Commune".
        (
            rf"^I\s+(?:declare|make|announce|proclaim)\s+myself\s+(?:to\s+be\s+)?an?\s+(?:participant|player)\s+"
            rf"(?:in|of)\s+{_GAME}$",
            "I become a participant in Commune",
        ),
        # "one of my tiles"; "investment" with no article or with "to"; "the community named
        # (called) Jade".
        (
            r"^I\s+(?:place|put|lay|set)\s+one\s+of\s+my\s+tiles\s+(?=(?:at|on|in)\b)",
            "I place a tile ",
        ),
        (r"^I\s+grant\s+myself\s+investment\s+(?=(?:in|for)\b)", "I grant myself an investment "),
        (r"\binvestment\s+(?:to|into|on)\s+(?=(?-i:[A-Z]))", "investment in "),
        (r"\bthe\s+community\s+(?:named|called|known\s+as)\s+(?=(?-i:[A-Z]))", ""),
        # "a 1 (left), a 2 (middle)": each Symbol's constructor in brackets after it.
        (
            r"\b(an?\s+[A-Ja-j0-9])\s*\(\s*(left|middle|right)(?:\s+(?:token\s+)?constructor)?\s*\)",
            r"\1 with my \2 constructor",
        ),
        # "I begin constructing with my left constructor a 5": the constructor said first.
        (
            r"^I\s+begin\s+constructing\s+with\s+my\s+(left|middle|right)\s+(?:token\s+)?constructor\s+"
            r"(an?\s+[A-Ja-j0-9])(?:\s+token)?$",
            r"I begin constructing \2 with my \1 constructor",
        ),
        # "I accept #3 with my 4": an offer named by its number alone.
        (r"^I\s+accept\s+#\s*(?=[0-9]+\s+(?:with|giving|paying)\b)", "I accept trade offer "),
        # "my spare 4", "an extra B": the token the author has, said with a word about it.
        (
            r"\b(my|an?|one)\s+(?:spare|extra|surplus|leftover|lone|single)\s+(?=[A-Ja-j0-9](?![\w']))",
            r"\1 ",
        ),
        # "the community that I founded at B6": the community at B6.
        (
            r"\bthe\s+community\s+(?:that\s+|which\s+)?I\s+(?:just\s+|have\s+just\s+)?(?:founded|started|"
            r"created)\s+(?=at\s+[A-Ja-j][0-9]\b)",
            "the community ",
        ),
        # "a token from each constructor": one from each of the three.
        (
            r"^I\s+(?:grant\s+myself|collect|take|claim|receive|get)\s+(?:a|one|the|my)\s+tokens?\s+(?:from|of|on|"
            r"in|out\s+of)\s+(?:each|every)\s+(?:one\s+)?(?:of\s+my\s+)?(?:token\s+)?constructors?$",
            "I grant myself the token my left constructor is constructing and grant myself the "
            "token my middle constructor is constructing and grant myself the token my right "
            "constructor is constructing",
        ),
        # The tokens paid "with": "paying with my C and my 3".
        (r"\b(paying|spending|using)\s+with\s+(?=my\b|an?\b|[A-Ja-j0-9]\b)", r"\1 "),
        # A location as named axes: "column H, row 2", "row 2, column H", "x=H, y=2".
        (
            r"\b(at|on|in)\s+(?:the\s+)?(?:column|col\.?|x)\s*[=:]?\s*([A-Ja-j])\s*,?\s*(?:and\s+)?"
            r"(?:row|y)\s*[=:]?\s*([0-9])(?![0-9A-Za-z])",
            r"\1 \2\3",
        ),
        (
            r"\b(at|on|in)\s+(?:the\s+)?(?:row|y)\s*[=:]?\s*([0-9])\s*,?\s*(?:and\s+)?"
            r"(?:column|col\.?|x)\s*[=:]?\s*([A-Ja-j])(?![0-9A-Za-z])",
            r"\1 \3\2",
        ),
        # "this week" after a weekly action: when it is done, which is now.
        (r"\s*,?\s*(?:for\s+)?this\s+week$", ""),
        # "I accept Murphy's trade offer; I give him my 2": what is given for it.
        (
            r"^(I\s+accept\b[^;,]*?\boffer\b[^;,]*?)\s*(?:[;,]\s*|\s+)(?:and\s+)?(?:I\s+)?"
            r"(?:give|hand|pay|send)\s+(?:(?:him|her|them|em|(?-i:[A-Z])[\w\-]*)\s+)?"
            r"(my\s+[A-Ja-j0-9])(?:\s+token)?$",
            r"\1 with \2",
        ),
        # The tokens paid, in other words: "paying B + 1", "- paying", ", paid with C and 8".
        (
            r"\b(paying|spending|using)\s+(my\s+)?([A-Ja-j])\s*\+\s*(?:my\s+)?([0-9])\b",
            r"\1 \3 and \4",
        ),
        # "paying the G and 7 tokens", "using my 7 and G tokens", "paying the tokens G and 7":
        # both named under one "tokens" (P65-read-games-s17-3).
        (
            r"\b(paying|spending|using)\s+(?:the|my)\s+(?:tokens\s+)?([A-Ja-j0-9])\s*(?:and|&|\+|,)\s*"
            r"([A-Ja-j0-9])(?:\s+tokens)?(?![\w'])",
            r"\1 \2 and \3",
        ),
        (r"\s+[\-\u2013\u2014]+\s+(?=(?:by\s+)?(?:paying|spending|using)\b)", ", "),
        (
            r"(,\s*|\(\s*)(?:paid|payed)\s+(?:for\s+)?(?:with\s+|by\s+|using\s+)?"
            r"(?=(?:my\s+|an?\s+)?[A-Ja-j0-9](?![\w']))",
            r"\1paying ",
        ),
        # "I begin construction of a 9": the noun for the verb.
        (r"\b(begin|start)\s+(?:the\s+)?construction\s+of\s+", r"\1 constructing "),
        # "I place the tile at H4": there is one kind of tile.
        (r"^I\s+place\s+the\s+tile\s+(?=(?:at|on)\b)", "I place a tile "),
        # "w/", the phone's "with": "a C token w/ my right constructor".
        (r"(?<![\w/])w/\s*(?=[A-Za-z])", "with "),
        # A location wrapped in other words: "the D4 location", "space D4", "cell (D4)",
        # "coordinates D4", and the number first ("4D", "4-D"): x is always the letter.
        (
            r"\b(at|on|in)\s+(?:the\s+)?(?:location|square|space|spot|cell|position|"
            r"coordinates?|point|field)\s+\(?([A-Ja-j])\s*-?\s*([0-9])\)?(?![A-Za-z0-9])",
            r"\1 \2\3",
        ),
        (
            r"\b(at|on|in)\s+(?:the\s+)?([A-Ja-j][0-9])\s+(?:location|space|spot|cell|"
            r"position|coordinates?|point|field)\b",
            r"\1 \2",
        ),
        (
            r"\b(at|on|in)\s+(?:location\s+|square\s+)?([0-9])\s*-?\s*((?-i:[A-J]|[b-j]))(?![A-Za-z0-9])",
            r"\1 \3\2",
        ),
        # The token a constructor is making, said before the constructor.
        (
            rf"\bthe\s+token\s+(?:(?:being\s+)?(?:constructed|built|made)|under\s+construction)\s+"
            rf"(?:by|in|on|with|inside)\s+my\s+{_SIDE}\s+(?:token\s+)?constructor$",
            r"the token my \1 constructor is constructing",
        ),
        (r"\b(constructing|building|making)\s+the\s+token\s+([A-Ja-j0-9])(?![\w'])", r"\1 a \2"),
        # Taking part as a "player", "join in", "I'm out of Commune", "cease to participate".
        (r"\ban?\s+commune\s+player\b", "a participant in Commune"),
        (rf"\ban?\s+player\s+(?:in|of)\s+(?={_GAME}$)", "a participant in "),
        (rf"^I\s+join\s+in\s+(?={_GAME}$)", "I join "),
        # "I'm in for Commune", "I'm in on the Commune tournament": the author takes part.
        (
            rf"^I(?:['\u2019]m|\s+am)\s+in\s+(?:for|on)\s+{_GAME}$",
            "I become a participant in Commune",
        ),
        (
            rf"^I(?:['\u2019]m|\s+am)\s+(?:now\s+)?(?:out\s+of|done\s+with|leaving)\s+{_GAME}$",
            "I cease to be a participant in Commune",
        ),
        (
            rf"^I\s+cease\s+to\s+(?:participate|play)\s+in\s+{_GAME}$",
            "I cease to be a participant in Commune",
        ),
        # Offers: "I offer up my G", accepting "and pay with my 5", "for my 6".
        (r"^I\s+offer\s+up\s+", "I offer "),
        (
            r"^(I\s+accept\b.*?\boffer\b(?:\s+#?[0-9]+)?(?:\s+of\s+an?\s+[A-Ja-j0-9])?)\s+for\s+"
            r"(?=my\s+[A-Ja-j0-9](?![\w']))",
            r"\1 with ",
        ),
        # The game named in brackets at the end, or as "the Commune game".
        (r"\s*[\[(]\s*(?:in\s+|for\s+)?(?:the\s+)?commune(?:\s+tournament)?\s*[\])]$", ""),
        (r"\bthe\s+(?:commune\s+game|game\s+of\s+commune|game\s+commune)\b", "Commune"),
        # A constructor's side in other words: "left-hand", "leftmost", "centre".
        (
            r"\b(left|right)(?:[\s\-]?hand|most|[\s\-]side)\s+(?=(?:token\s+)?constructor)",
            r"\1 ",
        ),
        (r"\b(?:centre|center|central|middlemost)\s+(?=(?:token\s+)?constructor)", "middle "),
        # A Symbol written as a word: "a seven", "a five token", "my seven".
        *(
            (
                rf"\b((?:constructing|building|making|offer|for|with|giving|paying)\s+(?:an?\s+|my\s+)?)"
                rf"{word}\b(?!\s+(?:tiles?|investments?|offers?|of\b|[A-Ja-j0-9](?![\w'])))",
                rf"\g<1>{digit}",
            )
            for digit, word in enumerate(
                ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
            )
        ),
        # "I name my community: Quartz".
        (r"^(I\s+name\s+(?:my|the)\s+community(?:\s+at\s+\w+)?)\s*:\s*", r"\1 "),
        # "my constructed token from my middle constructor": the token it is constructing.
        (
            r"\bgrant\s+myself\s+my\s+(?:constructed\s+|finished\s+|completed\s+|new\s+)?token\s+"
            r"(?=from\b|with\b|on\b|in\b)",
            "grant myself the token ",
        ),
        # Locations: "the B5", "I-0", "E/7".
        (r"\b(at|on|in)\s+the\s+([A-Ja-j][0-9])(?![A-Za-z0-9])", r"\1 \2"),
        (r"\b(at|on|in)\s+((?-i:[A-J]|[b-j]))\s*[\-\u2013/:.]\s*([0-9])(?![0-9])", r"\1 \2\3"),
        # Investments: "into Amber", "buy into Amber", "one (1) investment".
        (r"\binvestment\s+into\b", "investment in"),
        (r"^I\s+(?:buy|invest|put\s+an\s+investment)\s+into\s+", "I invest in "),
        # Another preposition slipped in ("I invest on Opal", "I invest to Jade").
        (
            r"^I\s+invest\s+(?:on|onto|upon|to)\s+(?!(?:a|an|the|my)\s+(?:tile|token)\b)",
            "I invest in ",
        ),
        # "I invest in the community Jade": the community called by its name after the noun.
        (
            r"^(I\s+(?:hereby\s+)?invest\s+in|I\s+(?:hereby\s+)?grant\s+myself\s+an\s+investment\s+in)\s+"
            r"the\s+community\s+(?=(?-i:[A-Z])[\w\-]*$)",
            r"\1 ",
        ),
        # Words dropped before a constructor's Symbol: "I set left constructor build 7".
        (
            r"^I\s+set\s+(?:my\s+|the\s+)?(left|middle|right)\s+constructor\s+(?:to\s+)?"
            r"(?:build|construct|make|produce)\s+(?:an?\s+)?([A-Ja-j0-9])$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        (r"\b(one|an?)\s+\(\s*1\s*\)\s+(?=investment)", "one "),
        # "the trade offer #4": an offer named by its number needs no article.
        (r"\bthe\s+(?=(?:trade\s+)?offer\s+(?:#|no\.?\s*|number\s+)?\s*[0-9])", ""),
        # Taking part and leaving, in other words, and the game named with its version.
        (r"\bcommune\s+v?[0-9]+(?:\.[0-9]+)*\b", "Commune"),
        (
            rf"^I\s+(?:register|sign\s+up|enrol|enroll)\s+(?:myself\s+)?as\s+an?\s+(?:participant|player)"
            rf"\s+(?:in|of|for)\s+{_GAME}$",
            "I become a participant in Commune",
        ),
        (
            rf"^I\s+(?:opt\s+in(?:to|\s+to)|take\s+part\s+in|participate\s+in|start\s+playing|"
            rf"enrol\s+in|enroll\s+in)\s+{_GAME}$",
            "I become a participant in Commune",
        ),
        (
            rf"^I\s+(?:opt\s+out\s+of|bow\s+out\s+of|retire\s+from|depart(?:\s+from)?|"
            rf"cease\s+(?:participation|participating|playing)\s+in|stop\s+taking\s+part\s+in|"
            rf"no\s+longer\s+participate\s+in|end\s+my\s+participation\s+in)\s+{_GAME}$",
            "I cease to be a participant in Commune",
        ),
        # Constructors: "I start my left token constructor constructing a 1".
        (
            rf"^I\s+(?:start|set|get|put)\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+(?:to\s+)?"
            r"(?:constructing|building|making|producing|on|working\s+on|going\s+on)\s+(?:an?\s*)?"
            r"([A-Ja-j0-9])(?:\s+token)?$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        (
            r"\bthe\s+(?:completed|finished|constructed|built|new|ready|resulting|newly\s+built)\s+"
            r"token\b",
            "the token",
        ),
        (r"\bgrant\s+(?:to|unto)\s+myself\b", "grant myself"),
        # Tokens counted one by one: "paying one D token and one 4 token", "one of my As".
        (r"\bone\s+([A-Ja-j0-9])\s+token\b", r"a \1 token"),
        (r"\bone\s+of\s+my\s+([A-Ja-j0-9])(?:['\u2019]?s)?(?:\s+tokens)?(?![\w'])", r"my \1"),
        # "a tile at F5, F6 and F7": one tile on each.
        (
            r"^I\s+place\s+(?:a|one)\s+tile\s+(?:at|on)\s+([A-Ja-j][0-9](?:\s*,\s*[A-Ja-j][0-9])+\s*,?\s*"
            r"and\s+[A-Ja-j][0-9])$",
            r"I place tiles at \1",
        ),
        # A community named by a tile in it: "the community containing D4".
        (
            r"\bthe\s+community\s+(?:containing|including|holding|with|that\s+(?:has|includes|contains|"
            r"holds)|which\s+(?:has|includes|contains|holds))\s+(?:the\s+|a\s+)?(?:tile\s+(?:at|on)\s+)?"
            r"(?=[A-Ja-j][0-9]\b)",
            "the community at ",
        ),
        # Offers made, in other words; accepted, giving a token to its maker.
        (
            r"^I\s+(?:create|open|submit|publish|announce|set\s+up|issue|extend|place)\s+(?:a\s+|the\s+"
            r"following\s+)?(?:trade\s+offer|offer\s+to\s+trade|trade|offer)\s*[:,\-\u2013\u2014]?\s*"
            r"(?:of\s+)?",
            "I offer ",
        ),
        (
            r"^(I\s+accept\b.*?)\s*,?\s+(?:and\s+)?(?:give|pay|hand\s+over|send|transfer)\s+(?:with\s+)?"
            r"(?:(?:her|him|em|them|(?-i:[A-Z])[\w\-]*)\s+)?(?:my\s+|an?\s+)?([A-Ja-j0-9])(?:\s+token)?$",
            r"\1 with my \2",
        ),
        (
            r"\b(giving|paying|sending|handing)\s+(?:her|him|em|them|eir|(?-i:[A-Z])[\w\-]*)\s+"
            r"(?=my\b|an?\b)",
            r"\1 ",
        ),
        (
            r"\bthe\s+(?:trade\s+)?offer\s+(?:that\s+|which\s+)?((?-i:[A-Z])[\w\-]*)\s+(?:made|posted|"
            r"proposed|put\s+up|offered|made\s+earlier)\b",
            r"\1's trade offer",
        ),
        # Other prepositions before a location: "onto G1", "into B0"; "H 0" with a space.
        (r"^(I\s+place\s+(?:a|one)\s+tile\s+)(?:onto|into|upon|over|to)\s+", r"\1at "),
        (r"\b(at|on|in)\s+((?-i:[A-J]|[b-j]))\s+([0-9])(?![0-9A-Za-z])", r"\1 \2\3"),
        # "at C5, then one at C6": another tile.
        (
            r"\s*,?\s*(?:and\s+)?then\s+(?=(?:one|another|a\s+tile)(?:\s+tile)?\s+(?:at|on)\s+"
            r"[A-Ja-j][0-9]\b)",
            " and ",
        ),
        # "... at A4, which founds a new community, and name it Apricot": "it" is the
        # community the tile at A4 belongs to once it is placed.
        (
            # "..., thereby founding a new community, which I name Amber" (P42-read-games-s10-1).
            r"^(I\s+place\s+(?:a|one)\s+tile\s+at\s+([A-Ja-j][0-9]))(?:\s*,\s*(?:(?:which|that)\s+(?!I\b)|"
            r"(?:thereby|thus|so|hence)\s+(?:founding|creating|starting|forming)\b)[^,]*)?"
            r"(?:\s*,?\s*(?:(?:and|&)\s*)?(?:then\s+)?(?:I\s+)?(?:name|call|dub|christen)\s+(?:it|the\s+(?:new\s+|"
            r"resulting\s+|newly\s+(?:formed|founded|created)\s+|freshly\s+(?:formed|founded)\s+)?community|"
            r"that\s+community)|\s*,?\s*(?:which|that)\s+I\s+(?:hereby\s+)?(?:name|call|dub|christen))\s+",
            r"\1 and name the community at \2 ",
        ),
        # The game named by description: "the tournament known as Commune".
        (r"\bthe\s+(?:tournament|game)\s+(?:known\s+as|called|named)\s+(?=commune\b)", ""),
        # Offers by number in other words: "offer number 5", "offer no 5".
        (r"\boffer\s+(?:number|no\.?|num\.?|nr\.?)\s*(?=#?[0-9])", "offer "),
        # "My investment goes to Jade this week" (P68-read-games-s18-8).
        (
            r"^my\s+(?:(?:weekly|one|only)\s+)?investment(?:\s+(?:this\s+week|today|now))?\s+"
            r"goes\s+(?:to|into)\s+((?-i:[A-Z])[\w\-]*)(?:\s+(?:this\s+week|today|now))?\s*[.!]*$",
            r"I invest in \1",
        ),
        # A Symbol written as a word ("symbol eight", "the symbol three"): its figure.
        *(
            (rf"\b(symbol\s+){word}\b", rf"\g<1>{figure}")
            for figure, word in enumerate(
                ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
            )
        ),
        # Constructors, in other words: "I have my right constructor start on a C", "I use
        # my Left Token Constructor to grant myself ...", "out of my left constructor".
        (
            # "Left constructor starts on a C", with no "my" at the start of a line, and "on
            # symbol 8" (P68-read-games-s18-7).
            rf"^(?:I\s+(?:have|make|use|get|set)\s+my\s+|my\s+|(?=[LlMmRr]))"
            rf"{_SIDE}\s+(?:token\s+)?constructor\s+"
            r"(?:to\s+)?(?:(?:begins?|starts?)\s+(?:on|with|constructing|building|making|producing|"
            r"to\s+(?:build|construct|make))|works?\s+on|construct|build|make|produce)\s+"
            # ("on a 9" may reach here as "on a9", a square of another game's board.)
            r"(?:an?\s*|(?:the\s+)?symbol\s+)?([A-Ja-j0-9])(?:\s+token)?$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        (
            rf"^I\s+use\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+to\s+(?:grant\s+myself|collect|"
            r"claim|take|get)\s+the\s+([A-Ja-j0-9])(?:\s+token)?\s+(?:that\s+|which\s+)?it\s*"
            r"(?:is|['\u2019]s|has)\s+(?:been\s+|already\s+)?(?:constructing|building|making)$",
            r"I grant myself a \2 from my \1 constructor",
        ),
        (
            rf"^I\s+use\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+to\s+(?:grant\s+myself|collect|"
            r"claim|take|get)\s+(?:the|its)\s+token(?:\s+(?:that\s+|which\s+)?it\s*(?:is|['\u2019]s|has)"
            r"\s+(?:been\s+|already\s+)?(?:constructing|building|making))?$",
            r"I grant myself the token my \1 constructor is constructing",
        ),
        (
            rf"^I\s+use\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+to\s+(?:begin|start)\s+"
            r"(?:constructing|building|making)\s+",
            r"I begin constructing ",
        ),
        (
            rf"\bthe\s+([A-Ja-j0-9])(?:\s+token)?\s+(?:that\s+|which\s+)?my\s+{_SIDE}\s+(?:token\s+)?"
            r"constructor\s+(?:(?:is|has\s+been|was)\s+(?:already\s+|currently\s+|now\s+)?"
            r"(?:constructing|building|making)|(?:has\s+(?:just\s+)?)?(?:finished|completed|built|made|"
            r"constructed))$",
            r"a \1 from my \2 constructor",
        ),
        (
            r"^I\s+(?:grant\s+myself|collect|take|claim|receive|get)\s+(?:the|my)\s+(?:constructed\s+|"
            r"finished\s+|new\s+)?tokens?\s+(?:from|of|on|in|out\s+of)\s+(?:all\s+(?:three\s+)?(?:of\s+)?"
            r"my|my\s+three|each\s+of\s+my|all\s+three)\s+(?:token\s+)?constructors$",
            "I grant myself the token my left constructor is constructing and grant myself the "
            "token my middle constructor is constructing and grant myself the token my right "
            "constructor is constructing",
        ),
        (rf"\b(?:out\s+of|off)\s+(?=my\s+{_SIDE}\s+(?:token\s+)?constructor\b)", "from "),
        # "I offer my 4, and I want a B in return", "I offer my 4, asking for a B in exchange":
        # the wanted Symbols said after the token (P48-read-games-s11-2; after ";" it is a
        # sentence of its own, told).
        (
            r"^I\s+offer\s+(my\s+[A-Ja-j0-9](?:\s+token)?)\s*(?:,\s*(?:and\s+)?I\s+(?:want|would\s+like|ask\s+for|"
            r"need|seek)|,?\s*(?:wanting|asking\s+for|seeking))\s+(.+?)\s+(?:in\s+return|in\s+exchange|for\s+it)$",
            r"I offer \1 for \2",
        ),
        # A second clause of the author's joined by ";" or "and then I": one more action.
        (r"\s*;\s*(?:and\s+)?(?:then\s+)?I\s+(?:then\s+|also\s+|next\s+)?", " and I "),
        (r"\s*,?\s+and\s+I\s+(?:then|also|next)\s+", " and I "),
        # A constructor named with another preposition: "a 9 in my middle constructor".
        (
            r"\b(?:in|via|through|inside|on|for|into|at)\s+(my\s+(?:left|middle|right)\s+"
            r"(?:token\s+)?constructor)\b",
            r"with \1",
        ),
        (r"\bmy\s+(left|middle|right)\s+one\b(?!\s+(?:is|has))", r"my \1 constructor"),
        # Constructors set one after another with commas alone: "I set my right constructor
        # to make a 0, my left one to make a 1": each gets the verb "set".
        (
            r"\s*,\s*(?:and\s+)?(?=my\s+(?:left|middle|right)\s+(?:token\s+)?constructor\s+to\s+"
            r"(?:build|construct|make|produce)\b)",
            " and ",
        ),
        # What a constructor makes, said with another tense or adverb: "the token that my
        # Middle Token Constructor is already constructing", "has been building".
        (
            r"\bthe\s+token\s+(?:that|which)\s+(?=my\s+(?:left|middle|right)\b)",
            "the token ",
        ),
        (
            r"\bconstructor\s+is\s+(?:already|currently|now|still)\s+(constructing|building)\b",
            r"constructor is \1",
        ),
        # Several offers withdrawn by number: "trade offers 2 and 3".
        (
            r"^I\s+(?:withdraw|retract|cancel|revoke|rescind)\s+(?:my\s+)?(?:trade\s+)?offers\s+"
            r"(?=#?\s*[0-9])",
            "I withdraw trade offer ",
        ),
        (
            r"^I\s+(?:withdraw|retract|cancel|revoke|rescind|pull|take\s+back|remove)\s+my\s+"
            r"(?:trade\s+)?offer\s+(?=#?\s*[0-9])",
            "I withdraw trade offer ",
        ),
        (
            r"^I\s+put\s+(?:my\s+|an?\s+)?([A-Ja-j0-9])(?:\s+token)?\s+up\s+for\s+(?:trade|trading|"
            r"offer|grabs)\s*,?\s*(?:wanting|asking\s+for|in\s+exchange\s+for|in\s+return\s+for|for)\s+",
            r"I offer a \1 for ",
        ),
        (
            r"^(I\s+withdraw\s+trade\s+offer\s+)#?\s*([0-9]+\s*(?:,|and|&))\s*#\s*(?=[0-9])",
            r"\1\2 ",
        ),
        # Who may accept an offer, in other words: "open to Murphy only", "available only to
        # Janet and Murphy", "(exclusively for Janet)".
        (
            r"^(I\s+offer\b.*?)\s*,?\s*\(?\s*(?:(?:open|available|restricted|limited|offered|"
            r"reserved)\s+)?(?:only|just|exclusively|solely)\s+(?:to|for)\s+((?-i:[A-Z])[\w\-]*"
            r"(?:\s*(?:,|and|&)\s*(?-i:[A-Z])[\w\-]*)*)\s*\)?$",
            r"\1 (only to \2)",
        ),
        (
            r"^(I\s+offer\b.*?)\s*,?\s*\(?\s*(?:open|available|restricted|limited|offered|reserved)\s+"
            r"(?:only\s+)?(?:to|for)\s+((?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*(?-i:[A-Z])[\w\-]*)*)"
            r"(?:\s+only)?\s*\)?$",
            r"\1 (only to \2)",
        ),
        (
            r"^(I\s+offer\b.*?)\s*,\s*\(?\s*(?:to|for)\s+((?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*"
            r"(?-i:[A-Z])[\w\-]*)*)\s+only\s*\)?$",
            r"\1 (only to \2)",
        ),
        # Tiles.
        (
            # "I drop a tile onto J2" too (P68-read-games-s18-5).
            r"^I\s+(?:put|lay|drop|set|play|build)(?:\s+down)?\s+(a|one)\s+tile\s+(?:down\s+)?"
            r"(?:at|on|in|onto|into|upon)\b",
            r"I place \1 tile at",
        ),
        (r"\b(?:a\s+single|one\s+single|exactly\s+one)\s+tile\b", "a tile"),
        (
            r"^I\s+place\s+my\s+(?:(?:first|second|third|fourth|fifth|new|only|single|one|1st|2nd|3rd|"
            r"[4-9]th|weekly|usual|regular)\s+)?tile\b",
            "I place a tile",
        ),
        # "I place tile H9", "I place a tile, E5": the location with no "at". Only after the
        # author's own "I": a bare "Place tile C4." (its verb capitalised as a sentence's first
        # word) may be an instruction, and stays told (P1o).
        (
            r"^I\s+(?-i:place|put|lay)\s+(?:a\s+)?tile\s+(?=[A-Ja-j]\s*-?\s*[0-9]\b)",
            "I place a tile at ",
        ),
        (
            r"^I\s+place\s+(?:a|one)\s+tile\s*[,:\-\u2013\u2014]\s*(?:at\s+|on\s+)?(?=[A-Ja-j][0-9]\s*[.!]*$)",
            "I place a tile at ",
        ),
        (
            r"^(I\s+place\s+(?:a|one)\s+tile\s+at\s+[A-Ja-j][0-9])\s*,?\s*(?:and\s+then|then|and)\s+"
            r"(?:at\s+)?([A-Ja-j][0-9])$",
            r"\1 and at \2",
        ),
        (r"^(I\s+place\s+(?:a|one)\s+tile)\s+on\s+the\s+(?:play)?board\s+(?=at\b)", r"\1 "),
        # "Tile to H7.": a label naming the location.
        (r"^I\s+tile\s+(?:(?:to|at|on)\s+)?(?=[A-Ja-j][0-9]\b)", "I place a tile at "),
        # "I place 3 tiles at H1, H2, H3": three, one on each (the count agrees).
        (
            r"^I\s+place\s+(?:three|3)\s+tiles\s*[,:\-\u2013\u2014]?\s*(?:at|on)\s+([A-Ja-j][0-9])\s*,\s*(?:and\s+)?"
            r"(?:at\s+|on\s+)?([A-Ja-j][0-9])\s*(?:,\s*(?:and\s+)?|\s+and\s+)(?:at\s+|on\s+)?([A-Ja-j][0-9])$",
            r"I place a tile at \1 and place a tile at \2 and place a tile at \3",
        ),
        # "I place tiles at C3 and C4": one tile on each.
        (
            r"^I\s+place\s+(?:two\s+|2\s+)?tiles\s*[,:\-\u2013\u2014]?\s*(?:at|on)\s+([A-Ja-j][0-9])\s*,?\s*and\s+"
            r"(?:at\s+|on\s+)?([A-Ja-j][0-9])$",
            r"I place a tile at \1 and place a tile at \2",
        ),
        (r"\bgrant\s+my\s+self\b", "grant myself"),
        (r"\b(an?\s+)[\"\u201c\u201d']([A-Ja-j0-9])[\"\u201c\u201d']", r"\1\2"),
        (r"^(I\s+accept\b.*?)\s+in\s+(?:exchange|return)$", r"\1"),
        # What is given in brackets after the offer: "I accept trade offer 6 (giving my A)".
        (
            r"^(I\s+accept\b[^()]*?\boffer\b[^()]*?)\s*\(\s*((?:giving|paying(?:\s+with)?|with)\s+"
            r"my\s+[A-Ja-j0-9](?:\s+token)?)\s*\)$",
            r"\1 \2",
        ),
        # Investments.
        (
            r"^I\s+(?:take|make|buy|purchase|acquire|get|claim|obtain|gain|(?:give|award)\s+myself)\s+"
            r"(?:an|one)\s+investment\s+(?:in|for)\b",
            "I grant myself an investment in",
        ),
        (r"^I\s+invest\s+once\s+(?=in\b|for\b)", "I grant myself an investment "),
        # "I invest one time in community Jade": once, and the noun before the name
        # (P65-read-games-s17-12). ("twice" is two investments, which no week allows: told.)
        (
            r"^I\s+invest\s+(?:one\s+time|a\s+single\s+time|just\s+once|a\s+single\s+investment)\s+"
            r"(?=in\b|for\b)",
            "I grant myself an investment ",
        ),
        (r"\b(invest(?:ment)?\s+in)\s+(?:the\s+)?community\s+(?=(?-i:[A-Z])[a-z]+[.!]*$)", r"\1 "),
        # "I place a tile at G6 (G + 6 spent)", "(spent G and 6)": the tokens paid, in brackets
        # (P42-read-games-s10-3).
        (
            r"^(I\s+place\s+(?:a|one)\s+tile\s+at\s+[A-Ja-j][0-9])\s*\(\s*(?:paid\s+(?:with\s+)?|spent\s*:?\s*|"
            r"spending\s+|using\s+|paying\s+|cost\s*:?\s*)?(?:my\s+)?([A-Ja-j])\s*(?:\+|and|&|,|/)\s*(?:my\s+)?"
            r"([0-9])(?:\s+tokens?)?(?:\s+(?:spent|paid|used))?\s*\)$",
            r"\1 (paying \2 and \3)",
        ),
        # "Janet's B-for-4 offer": her offer of a B, named by what it gives and wants.
        (
            r"\b([A-Za-z][\w\-]*['\u2019]s)\s+(?:an?\s+)?([A-Ja-j0-9])\s*(?:-\s*for\s*-|for|\u2192|->)\s*"
            r"(?:an?\s+)?[A-Ja-j0-9](?:\s*(?:/|or)\s*[A-Ja-j0-9])*\s+(trade\s+)?offer\b(?!\s+of\b)",
            r"\1 \3offer of a \2",
        ),
        # "I retool my middle constructor to make a 7", "I switch my left constructor over to
        # building Bs": a constructor set to another Symbol (P42-read-games-s10-3).
        (
            rf"^I\s+(?:retool|re-?tool|switch|change|turn|re-?purpose|reconfigure|reassign|redirect|"
            rf"reprogram|move)\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+(?:over\s+)?(?:to|onto|into)\s+"
            r"(?:(?:make|build|construct|produce|making|building|constructing|producing)\s+)?(?:an?\s*)?"
            r"([A-Ja-j0-9])(?:['\u2019]?s)?(?:\s+tokens?)?(?:\s+instead)?$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        # A learner's "I making investment to Jade", "I am doing an investment in Jade".
        (
            r"^I\s+(?:am\s+)?(?:making|doing|taking|getting)\s+(?:an?\s+|one\s+)?investment\s+(?:in|to|into|for|on)\s+",
            "I grant myself an investment in ",
        ),
        # "... and inv jade", "I invest jade": the shorthand and the preposition dropped.
        (r"\binv\.?\s+(?:in\s+)?(?=[A-Za-z][\w\-]*$)", "invest in "),
        (r"\binvest\s+(?=(?-i:[A-Z])[\w\-]*$)", "invest in "),
        # "I begin constructing a 5 with my left constructor, a 6 with my middle one": the
        # verb shared by the next constructor.
        *(
            (
                r"^(I\s+begin\s+constructing\s+an?\s+[A-Ja-j0-9]\s+with\s+my\s+(?:left|middle|right)\s+"
                r"(?:token\s+)?constructor)"
                + r"\s*,\s*(?:and\s+)?(an?\s+[A-Ja-j0-9]\s+with\s+my\s+(?:left|middle|right)\s+"
                r"(?:token\s+)?constructor)" * count + "$",
                r"\1" + "".join(f" and begin constructing \\{n}" for n in range(2, count + 2)),
            )
            for count in (2, 1)
        ),
        # "I collect my left and right constructors' tokens": each constructor's token.
        (
            rf"^I\s+(?:grant\s+myself|collect|take|claim|get)\s+(?:the\s+tokens\s+(?:of|from)\s+)?my\s+{_SIDE}\s+"
            rf"(?:and|&)\s+{_SIDE}\s+(?:token\s+)?constructors['\u2019]?(?:\s+tokens)?$",
            r"I grant myself the token my \1 constructor is constructing and grant myself the "
            r"token my \2 constructor is constructing",
        ),
        # "I accept trade offer 3 in exchange for my 5", "... — here's my 5": the token given.
        (
            r"^(I\s+accept\b.*?\boffer\b.*?)\s*(?:,\s*|\s+)(?:in\s+exchange\s+for|in\s+return\s+for|for)\s+"
            r"(my\s+[A-Ja-j0-9])(?:\s+token)?$",
            r"\1 with \2",
        ),
        (
            r"^(I\s+accept\b.*?\boffer\b.*?)\s*(?:[\-\u2013\u2014:;,]\s*)here['\u2019]?s\s+(my\s+[A-Ja-j0-9])"
            r"(?:\s+token)?$",
            r"\1 with \2",
        ),
        # "I pick Jade for my investment this week": the community chosen for it.
        (
            r"^I\s+(?:pick|choose|select|go\s+(?:with|for)|take)\s+((?-i:[A-Z])[\w\-]*)\s+(?:for|as)\s+my\s+"
            r"(?:weekly\s+|next\s+)?investment(?:\s+(?:for\s+)?this\s+week)?$",
            r"I grant myself an investment in \1",
        ),
        # "I take Janet up on her offer", "I take up Janet's offer": accepting it.
        (
            r"^I\s+take\s+((?-i:[A-Z])[\w\-]*)\s+up\s+on\s+(?:her|his|eir|their|hir|the)\s+(?=(?:trade\s+)?offer\b)",
            r"I accept \1's ",
        ),
        (r"^I\s+take\s+up\s+(?=[A-Za-z][\w\-]*['\u2019]s\s+(?:trade\s+)?offer\b)", "I accept "),
        # "I offer up my 4 in return for a B": the offer in other words.
        (r"^I\s+offer\s+up\s+(?=my\b|an?\b|[A-Ja-j0-9]\b)", "I offer "),
        (r"^(I\s+offer\s+\S+(?:\s+\S+)?)\s+in\s+return\s+for\s+", r"\1 for "),
        (
            r"^I\s+(?:take|buy|purchase|acquire|get|make)\s+(?:a|one)\s+(?:share|stake)\s+"
            r"(?:of|in)\b",
            "I grant myself an investment in",
        ),
        (r"^I\s+grant\s+myself\s+(?:1|one)\s+investment\b", "I grant myself an investment"),
        (
            r"^(I\s+(?:invest|grant\s+myself\s+an\s+investment)\s+in\s+[A-Z][\w\-]*)\s*,?\s*(?:and\s+)?"
            r"(?:then\s+)?(?:also\s+)?in\s+([A-Z][\w\-]*)$",
            r"\1 and invest in \2",
        ),
        (r"\bthe\s+unnamed\s+community\b", "the community"),
        # "the community I founded last week": a founder has one community, whenever it was
        # founded; the time is of the founding, not of the act (P65-read-games-s17-4).
        (
            r"\bthe\s+community\s+(?:that\s+|which\s+)?I\s+(?:founded|started|created)\s+(?:last\s+"
            r"(?:week|round|month|time)|yesterday|earlier(?:\s+(?:today|this\s+week))?|(?:the\s+)?"
            r"other\s+day|recently|before|(?:a\s+(?:few\s+)?|two\s+|three\s+)?(?:days?|weeks?)\s+ago|"
            r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
            "my community",
        ),
        (r"\bthe\s+community\s+I\s+(?:founded|started|created)\b", "my community"),
        (
            r"\bthe\s+community\s+I\s+(?:just|have\s+just|recently|only\s+just)\s+(?:founded|started|"
            r"created)\b",
            "my community",
        ),
        (
            r"\bmy\s+(?:newly\s+|recently\s+|just\s+)?(?:founded|new|freshly\s+founded)\s+community\b",
            "my community",
        ),
        (
            r"\bthe\s+community\s+(?:that|which)\s+(?:has|includes|contains|owns)\s+(?:a\s+|the\s+)?"
            r"tile\s+(?:at|on)\b",
            "the community at",
        ),
        (r"\bmy\s+own\s+community\b", "my community"),
        (r"\bthe\s+((?-i:[A-Z])[\w\-]*)\s+community\b", r"\1"),
        (r"\b([A-Za-z][\w\-]*)['\u2019]s\s+community\b", r"the community of \1"),
        (r"^(I\s+accept\s+.*?\boffer\b.*?)\s*,?\s*(?:paying|giving)\s+with\s+", r"\1 with "),
        # Taking part.
        (
            rf"^I\s+(?:join|enter|sign\s+up\s+(?:for|to)|register\s+for|enlist\s+in|enter|re-?join|re-?enter)\s+"
            rf"{_GAME}$",
            "I become a participant in Commune",
        ),
        (
            rf"^I\s+(?:quit|leave|exit|withdraw\s+from|drop\s+out\s+of|stop\s+participating\s+in|"
            rf"resign\s+from|stop\s+playing)"
            rf"\s+{_GAME}$",
            "I cease to be a participant in Commune",
        ),
        (
            # "I am no longer playing Commune", "I no longer play Commune" (P67-lead-s17-3).
            rf"^I(?:\s+am|['\u2019]m)?\s+no\s+longer\s+(?:play(?:ing)?|participat(?:e|ing)\s+in|"
            rf"tak(?:e|ing)\s+part\s+in|an?\s+(?:participant|player)\s+(?:in|of))\s+{_GAME}$",
            "I cease to be a participant in Commune",
        ),
        # Constructors.
        (
            rf"^I\s+set\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+to\s+"
            rf"(?:build(?:ing)?|construct(?:ing)?|mak(?:e|ing)|produc(?:e|ing))\s+{_SYM}$",
            r"I begin constructing \2 with my \1 constructor",
        ),
        (
            rf"^(?:I\s+(?:have|make|use)\s+)?my\s+{_SIDE}\s+(?:token\s+)?constructor\s+"
            rf"(?:to\s+)?(?:begins?\s+|starts?\s+)?(?:build|construct|make|produce|building|"
            rf"constructing|making)\s+{_SYM}$",
            r"I begin constructing \2 with my \1 constructor",
        ),
        (r"^I\s+(?:start|begin)\s+(?:building|making|producing)\b", "I begin constructing"),
        (r"^I\s+(?:start|begin)\s+to\s+(?:build|construct|make|produce)\b", "I begin constructing"),
        (r"\bmy\s+(left|middle|right)\s+token\s+constructor\b", r"my \1 constructor"),
        (r"\bmy\s+(left|middle|right)\s+one$", r"my \1 constructor"),
        # "... with my left constructor and a 2 with my right": the last constructor's noun
        # left out, said before (P48-read-games-s11-4).
        (r"(\bconstructor\b.*\swith\s+my\s+(?:left|middle|right))$", r"\1 constructor"),
        # "I offer my J to Janet only, for a 5": who may accept, said before what is wanted.
        (
            r"^I\s+offer\s+(my\s+[A-Ja-j0-9](?:\s+token)?)\s+(?:to\s+((?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*"
            r"(?-i:[A-Z])[\w\-]*)*)\s+only|only\s+to\s+((?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*(?-i:[A-Z])[\w\-]*)*))"
            r"\s*,?\s*(?:for|in\s+exchange\s+for)\s+(.+?)$",
            r"I offer \1 for \4 only to \2\3",
        ),
        (r"\b(?:the|a)\s+symbol\s+([A-Ja-j0-9])\b", r"a \1"),
        # "the letter E", "the number 3", "the digit 0": a Symbol named by its kind.
        (r"\b(?:the|a)\s+(?:letter|number|digit)\s+([A-Ja-j0-9])(?![\w'])", r"a \1"),
        (
            r"^I\s+set\s+(?:all\s+(?:three\s+)?(?:of\s+)?(?:my\s+)?|(?:my|the)\s+three\s+|each\s+of\s+my\s+)"
            r"(?:token\s+)?constructors\s+to\s+(?:construct|build|make|produce)\s+an?\s+([A-Ja-j0-9])$",
            r"I begin constructing a \1 with my left constructor and begin constructing a \1 "
            r"with my middle constructor and begin constructing a \1 with my right constructor",
        ),
        # "I begin constructing 7s on all three constructors", "I begin constructing a 5 with
        # each of my constructors": the one Symbol on each of the three (P48-read-games-s11-2).
        (
            r"^I\s+(?:begin|start)\s+(?:constructing|building|making)\s+(?:an?\s+)?([A-Ja-j0-9])(?:['\u2019]?s)?"
            r"(?:\s+tokens?)?\s+(?:on|with|in|using)\s+(?:all\s+(?:three\s+)?(?:of\s+)?(?:my\s+)?|(?:my|the)\s+three\s+|"
            r"each\s+of\s+my\s+)(?:token\s+)?constructors$",
            r"I begin constructing a \1 with my left constructor and begin constructing a \1 "
            r"with my middle constructor and begin constructing a \1 with my right constructor",
        ),
        (
            # "I set my middle constructor to construct an E" too (P48-read-games-s11-2).
            rf"^I\s+(?:start|set)\s+my\s+{_SIDE}\s+(?:token\s+)?constructor\s+(?:on|to)\s+"
            r"(?:(?:construct|build|make|produce)\s+)?an?\s*"
            r"([A-Ja-j0-9])$",
            r"I begin constructing a \2 with my \1 constructor",
        ),
        (
            rf"^I\s+grant\s+myself\s+the\s+tokens\s+my\s+{_SIDE}\s*,?\s+and\s+{_SIDE}\s+(?:token\s+)?"
            r"constructors\s+are\s+(?:constructing|building)$",
            r"I grant myself the token my \1 constructor is constructing and grant myself the "
            r"token my \2 constructor is constructing",
        ),
        (
            rf"\bthe\s+token\s+(?:(?:being\s+)?(?:constructed|built|made)|under\s+construction)\s+"
            rf"(?:by|in|on)\s+my\s+{_SIDE}\s+(?:token\s+)?constructor$",
            r"the token my \1 constructor is constructing",
        ),
        (
            rf"^I\s+(?:grant\s+myself|collect|take|claim|receive|get)\s+my\s+{_SIDE}\s+"
            rf"(?:token\s+)?constructor['\u2019]s\s+([A-Ja-j0-9])(?:\s+token)?$",
            r"I grant myself a \2 from my \1 constructor",
        ),
        (
            rf"^I\s+(?:grant\s+myself|collect|take|claim|receive|get)\s+(?:the|my)\s+tokens\s+"
            rf"(?:from|on|of|in|out\s+of)\s+(?:my|the)\s+{_SIDE}\s*,?\s+and\s+{_SIDE}\s+(?:token\s+)?"
            r"constructors$",
            r"I grant myself the token my \1 constructor is constructing and grant myself the "
            r"token my \2 constructor is constructing",
        ),
        (
            rf"^I\s+(?:collect|take|claim|receive|get|grant\s+myself)\s+(?:the|my)\s+(?:finished\s+|"
            rf"completed\s+|constructed\s+|built\s+|new\s+|ready\s+)?token\s+"
            rf"(?:from|on|of|in|out\s+of)\s+(?:my|the)\s+{_SIDE}\s+(?:token\s+)?constructor$",
            r"I grant myself the token my \1 constructor is constructing",
        ),
        (
            rf"^I\s+(?:collect|take|claim|receive|get|grant\s+myself)\s+my\s+{_SIDE}\s+"
            rf"(?:token\s+)?constructor['\u2019]s\s+token$",
            r"I grant myself the token my \1 constructor is constructing",
        ),
        (
            rf"^I\s+(?:collect|take|claim|receive|get)\s+the\s+token\s+my\s+{_SIDE}\s+",
            r"I grant myself the token my \1 ",
        ),
        (
            r"\bconstructor\s+(?:has\s+been\s+(?:building|constructing)|is\s+building|"
            r"has\s+built|built|has\s+(?:finished|completed|made))$",
            "constructor is constructing",
        ),
        (
            rf"^I\s+(?:collect|take|claim|receive|get|grant\s+myself)\s+(?:the|an?|my)\s+"
            rf"([A-Ja-j0-9])(?:\s+token)?\s+(?:from|on|of)\s+my\s+{_SIDE}\s+(?:token\s+)?"
            rf"constructor$",
            r"I grant myself a \1 from my \2 constructor",
        ),
        # Names.
        (r"^I\s+(?:dub|call|christen|rename)\s+(?=my\s+community|the\s+community)", "I name "),
        # "I grant myself the token my middle constructor is constructing, and begin
        # constructing a 6 with it": "it" is that constructor (P48-read-games-s11-9).
        (
            r"^(I\s+grant\s+myself\s+the\s+token\s+my\s+(left|middle|right)\s+constructor\s+is\s+constructing)"
            # ("..., and I begin ... with it": the "I" said again, P70-read-games-s19-12.)
            r"\s*,?\s*(?:and\s+)?(?:then\s+)?(?:I\s+)?(?:then\s+)?(begin\s+constructing\s+an?\s+[A-Ja-j0-9])\s+(?:with|on|in)\s+it$",
            r"\1 and \3 with my \2 constructor",
        ),
        # "I withdraw my trade offer (no. 7)": the offer's number in brackets after it
        # (P48-read-games-s11-7).
        (
            r"\b(?:my\s+)?(?:trade\s+)?offer\s*\(\s*(?:no\.?|number|nr\.?|num\.?|#)\s*([0-9]+)\s*\)$",
            r"trade offer \1",
        ),
        # "I place another at G7", "I place one more on G7": a tile, as the one before (a
        # square of Commune's board after "place"; P48-read-games-s11-3).
        (
            r"^I\s+place\s+(?:another|one\s+more|a\s+second)(?:\s+one)?\s+(?:at|on)\s+(?=[A-Ja-j][0-9](?![0-9]))",
            "I place a tile at ",
        ),
        # "I name my new community (at G6) Saffron", "I name the new community, at G6, Saffron":
        # the community by its place, said in brackets or commas (P48-read-games-s11-2).
        (
            r"^I\s+name\s+(?:my|the)\s+(?:new(?:ly[\s\-]founded)?\s+|newest\s+|latest\s+)?community\s*(?:\(|,)\s*"
            r"(?:the\s+one\s+)?(?:at|on)\s+([A-Ja-j][0-9])\s*(?:\)|,)\s*",
            r"I name the community at \1 ",
        ),
        (r"^(I\s+name\s+(?:my|the)\s+community(?:\s+at\s+\w+)?)\s+(?:to|as)\s+", r"\1 "),
        (r"^my\s+community\s+(?:shall|will)\s+be\s+(?:named|called)\s+", "I name my community "),
        (
            r"^I\s+give\s+(my\s+community|the\s+community\s+at\s+\w+)\s+the\s+name\s+",
            r"I name \1 ",
        ),
        # Taking part, in other words.
        (r"\ba\s+commune\s+participant\b", "a participant in Commune"),
        # The version said after the act, in brackets: "I become a Commune participant (v1.3)".
        (r"\s*[\[(]\s*(?:commune\s+)?v?[0-9]+\.[0-9]+\s*[\])]$", ""),
        # A running count in brackets: "I invest in Jade (1/3)".
        (r"\s*\(\s*[0-9]+\s*/\s*[0-9]+\s*\)$", ""),
        # "I accept your offer, Janet, with my 8": the one addressed made the offer.
        (
            r"^I\s+accept\s+your\s+((?:trade\s+)?offer)\s*,\s*((?-i:[A-Z])[\w\-]*)\s*,\s*(?=with\b|giving\b|"
            r"paying\b|for\b)",
            r"I accept \2's \1 ",
        ),
        # "the tokens my constructors are building": one from each of the three.
        (
            r"^I\s+(?:grant\s+myself|collect|take|claim|receive|get)\s+(?:the|my)\s+tokens\s+(?:that\s+|which\s+)?"
            r"(?:all\s+(?:three\s+)?(?:of\s+)?)?my\s+(?:three\s+)?(?:token\s+)?constructors\s+(?:are|have\s+been)\s+"
            r"(?:constructing|building|making)$",
            "I grant myself the token my left constructor is constructing and grant myself the "
            "token my middle constructor is constructing and grant myself the token my right "
            "constructor is constructing",
        ),
        # "an A, a B and a C with my left, middle and right constructors respectively": the
        # Symbols and the constructors paired in order, only when "respectively" says so.
        (
            rf"^I\s+begin\s+constructing\s+{_SYM}\s*,\s*{_SYM}\s*,?\s*and\s+{_SYM}\s+with\s+my\s+"
            rf"{_SIDE}\s*,\s*{_SIDE}\s*,?\s*and\s+{_SIDE}\s+(?:token\s+)?constructors\s*,?\s*respectively$",
            r"I begin constructing \1 with my \4 constructor and begin constructing \2 with my \5 "
            r"constructor and begin constructing \3 with my \6 constructor",
        ),
        (
            rf"^I\s+begin\s+constructing\s+{_SYM}\s*,?\s*and\s+{_SYM}\s+with\s+my\s+{_SIDE}\s*,?\s*and\s+"
            rf"{_SIDE}\s+(?:token\s+)?constructors\s*,?\s*respectively$",
            r"I begin constructing \1 with my \3 constructor and begin constructing \2 with my \4 "
            r"constructor",
        ),
        # "on the left constructor": the author's own, the only ones e can use.
        (
            r"\b(?:on|in|with|using|via)\s+the\s+(left|middle|right)(?:[\s\-]?hand)?\s+(?:token\s+)?"
            r"constructor\b",
            r"with my \1 constructor",
        ),
        (r"^I\s+cease\s+being\s+a\s+participant\b", "I cease to be a participant"),
        (
            r"^I\s+grant\s+myself\s+(?:two\s+|2\s+)?investments\s+(?:in|for)\s+([A-Z][\w\-]*)\s*,?\s+"
            r"and\s+([A-Z][\w\-]*)$",
            r"I grant myself an investment in \1 and grant myself an investment in \2",
        ),
        (
            r"^I\s+grant\s+myself\s+the\s+tokens\s+(?:from|of|on|in)\s+(?:all\s+(?:three\s+)?(?:of\s+)?my|"
            r"my\s+three|each\s+of\s+my)\s+(?:token\s+)?constructors$",
            "I grant myself the token my left constructor is constructing and grant myself the "
            "token my middle constructor is constructing and grant myself the token my right "
            "constructor is constructing",
        ),
        (
            r"^(I\s+offer\s+(?:my\s+|an?\s+)?[A-Ja-j0-9])\s+to\s+"
            r"(?!(?:anyone|anybody|everyone|everybody|all|whoever|you)\b)([A-Z][\w\-]*)\s+for\s+"
            r"(?:her|his|eir|their|its|an?)\s+([A-Ja-j0-9])$",
            r"\1 for a \3 (only to \2)",
        ),
        # Offers.
        (r"^I\s+offer\s+to\s+(?:trade|swap|exchange)\s+", "I offer "),
        (
            r"^(I\s+offer\s+(?:my\s+|an?\s+)?[A-Ja-j0-9](?:\s+token)?)\s*,\s*(?:wanting|asking\s+for|"
            r"in\s+exchange\s+for|looking\s+for|seeking|hoping\s+for)\s+(.+?)(?:\s+in\s+(?:return|exchange))?$",
            r"\1 for \2",
        ),
        (
            r"^(I\s+offer\s+(?:my\s+|an?\s+)?[A-Ja-j0-9])\s+to\s+(?:anyone|anybody|everyone|"
            r"everybody|all|all\s+comers)\s+(?=for\b|in\s+exchange\b)",
            r"\1 ",
        ),
        (
            r"^I\s+put\s+up\s+(?:my\s+|an?\s+)?([A-Ja-j0-9])\s+for\s+(?:trade|trading|offer)\s*,?\s*"
            r"(?:wanting|asking\s+for|in\s+exchange\s+for|for)\s+",
            r"I offer a \1 for ",
        ),
        (r"\bthe\s+(?:trade\s+)?offer\s+(?:from|by|of)\s+([A-Z][\w\-]*)\b", r"\1's offer"),
        (
            r"^I\s+withdraw\s+my\s+(?:trade\s+)?offer\s+(?:of|for)\s+(?:my\s+|an?\s+)?[A-Ja-j0-9]$",
            "I withdraw my offer",
        ),
        (
            r"^I\s+(?:revoke|cancel|retract|rescind|pull|take\s+back|remove)\s+"
            r"(?=(?:my\s+|the\s+)?(?:trade\s+)?offer\b)",
            "I withdraw ",
        ),
        (r"^I\s+make\s+a\s+trade\s+offer\s*:\s*", "I offer "),
        (
            r"^I\s+(?:propose|put\s+up|post|make)\s+(?:a\s+)?(?:trade(?:\s+offer)?|offer)"
            r"\s*[:,\-\u2013\u2014]?\s*(?:of\s+)?",
            "I offer ",
        ),
        (
            r"^I\s+take\s+(?=\S+['\u2019]s\s+(?:trade\s+)?offer|(?:trade\s+)?offer\s+#?\d)",
            "I accept ",
        ),
    ),
)
