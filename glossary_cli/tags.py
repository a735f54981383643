"""Language tags: the one module that reads them, in every spelling files write, and names them.

gloss stores BCP 47 tags (RFC 5646) in their canonical case: ``bn``, ``ar-SA``, ``en-GB``,
``sr-Latn-RS``, ``ar-001``. Files write languages in many other ways, and every reader (TBX, PO,
CSV, TSV, spreadsheets, Markdown, term folders) and every option (``--lang``, ``--columns``)
reads them here:

=================================  ===================================  ======================
spelling                           who writes it                        read as
=================================  ===================================  ======================
``bn``, ``EN-us``, ``zh-hant-tw``  BCP 47 in any case                   ``bn``, ``en-US``,
                                                                        ``zh-Hant-TW``
``ar_SA``, ``pt_BR.UTF-8``         POSIX locale names (gettext, TBX      ``ar-SA``, ``pt-BR``
                                   exports of Java and .NET tools)
``sr_RS@latin``, ``sr@latin``      glibc locale modifiers               ``sr-Latn-RS``,
                                                                        ``sr-Latn``
``ar-001``, ``es-419``             UN M.49 regions (Crowdin, CLDR)      kept as they are
``zh_Hans``, ``nb_NO``             Weblate's and Transifex's codes      ``zh-Hans``, ``nb-NO``
``Arabic``, ``العربية``,            language names: in English, in the   ``ar``, ``ar``, ``bn``,
``বাংলা``, ``ইংরেজি``,              language itself, in Bengali and in    ``en``, ``en``
``الإنجليزية``                     Arabic (ICU's display names, CLDR)
``English (United States)``        a name with a region's name          ``en-US``
=================================  ===================================  ======================

A regional variant stays itself: ``en-GB`` and ``en-US`` are two languages of a file, each
searchable as ``en`` (:func:`matches`). Names come from ICU's display names (CLDR), so every
language ICU knows is read and named, not a list kept here.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from glossary_cli.errors import UsageError

# RFC 5646 §2.1: a 2–3 letter primary language subtag with up to three extended language
# subtags, a script (4 letters), a region (2 letters or 3 digits), variants (5–8 letters or
# digits, or a digit and 3), extensions (a singleton, then subtags of 2–8) and a private part
# (x, then subtags of 1–8): bn, ar, zh-Hans, sr-Latn-RS, ar-001, de-1996, en-u-ca-gregory.
# What it refuses ICU refuses too (hi-l, id-35n).
_LANG_TAG = re.compile(
    r"^[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?"
    r"(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*"
    r"(?:-[A-WYZa-wyz0-9](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?$"
)
# A POSIX locale name (IEEE 1003.1 §8.2; glibc): language[_territory][.codeset][@modifier];
# also the underscore forms of BCP 47 that tools write (zh_Hans_CN, sr_Latn).
_POSIX = (
    r"(?P<lang>[A-Za-z]{2,3})(?P<rest>(?:[_-][A-Za-z0-9]{1,8})*)"
    r"(?:\.(?P<codeset>[A-Za-z0-9_-]+))?(?:@(?P<modifier>[A-Za-z0-9_-]+))?"
)
# (The patterns only readers use are kept as text, compiled on first use by the re module's
# cache: compiling them when the module is imported cost every lookup most of a millisecond.)
# the subtags a POSIX locale name may hold after its language: a script, a region
_SCRIPT_OR_REGION = r"[A-Za-z]{4}|[A-Za-z]{2}|[0-9]{3}"
#: glibc locale modifiers that name a script (``sr_RS@latin``, ``uz@cyrillic``,
#: ``ks_IN@devanagari``, ``pa@arabic``), and its ISO 15924 subtag.
SCRIPT_MODIFIERS = {"latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva", "arabic": "Arab"}
# ``Name (Region)`` or ``Name - Region``: a language name with a region's name
_NAME_REGION = r"^(?P<name>[^()]+?)\s*(?:\((?P<r1>[^()]+)\)|[-–]\s*(?P<r2>.+))$"

#: Names files use that ICU's display names lack (older or colloquial names), folded.
_ALIASES = {
    "bengali": "bn", "bangla": "bn", "বাঙলা": "bn", "farsi": "fa", "tagalog": "tl",
    "mandarin": "zh", "castilian": "es", "brazilian portuguese": "pt-BR", "simplified chinese":
    "zh-Hans", "traditional chinese": "zh-Hant", "chinese simplified": "zh-Hans",
    "chinese traditional": "zh-Hant", "عربي": "ar", "انجليزي": "en", "انكليزي": "en",
    "انجليزيه": "en", "ইংরেজী": "en",
}  # fmt: skip


def is_language_tag(tag: str) -> bool:
    """Whether ``tag`` has the shape of a BCP 47 tag (RFC 5646 §2.1): ``bn``, ``zh-Hans``,
    ``ar-001``. Shape only: :func:`known_language` says whether ICU knows its language.

    >>> is_language_tag("bn"), is_language_tag("zh-Hans"), is_language_tag("b@d")
    (True, True, False)
    >>> [is_language_tag(t) for t in ("en-u-ca-gregory", "en-x-a", "de-1996", "es-419")]
    [True, True, True, True]
    >>> [is_language_tag(t) for t in ("hi-l", "id-35n", "ie-k-ab-k-cd", "en-x")]
    [False, False, False, False]
    """
    if not _LANG_TAG.match(tag):
        return False
    # each extension's singleton once (RFC 5646 §2.2.6)
    singletons = [p.casefold() for p in re.split(r"-[Xx]-", tag, maxsplit=1)[0].split("-")[1:]
                  if len(p) == 1]  # fmt: skip
    return len(singletons) == len(set(singletons))


def canonical_tag(tag: str) -> str:
    """A BCP 47 tag in its canonical case (RFC 5646 §2.1.1): language lower case, script
    title case, region upper case: ``BN`` → ``bn``, ``zh-hant-tw`` → ``zh-Hant-TW``.

    >>> canonical_tag("BN"), canonical_tag("zh-hant-tw"), canonical_tag("ES-419")
    ('bn', 'zh-Hant-TW', 'es-419')
    """
    first, *rest = tag.split("-")
    out = [first.lower()]
    for part in rest:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return "-".join(out)


def primary_tag(tag: str) -> str:
    """The primary language subtag of a tag, lower case (RFC 5646 §2.2.1): matching
    treats ``en-US`` as ``en``.

    >>> primary_tag("en-US"), primary_tag("zh-Hant-TW"), primary_tag("BN"), primary_tag("ar_SA")
    ('en', 'zh', 'bn', 'ar')
    """
    return tag.split("-", 1)[0].split("_", 1)[0].lower()


def is_english(tag: str) -> bool:
    """Whether a language tag is English (``en``, ``en-US``, ``en-GB``…).

    >>> is_english("en-GB"), is_english("bn")
    (True, False)
    """
    return primary_tag(tag) == "en"


def matches(tag: str, wanted: str) -> bool:
    """Whether a section tagged ``tag`` is what ``--lang wanted`` asks for: the same tag
    (case-insensitively), or, when ``wanted`` names no region or script, the same language
    (RFC 4647 §3.3.1 basic filtering: ``en`` takes ``en-US``; ``en-US`` does not take
    ``en-GB``; ``ar`` takes ``ar-001``).

    >>> matches("en-US", "en"), matches("en-GB", "en-US"), matches("ar-001", "ar")
    (True, False, True)
    """
    if tag.casefold() == wanted.casefold():
        return True
    return "-" not in wanted and primary_tag(tag) == wanted.casefold()


@cache
def _known_subtag(part: str) -> bool:
    """Whether a subtag after a POSIX locale's language is a script ICU knows (``Latn``), a
    region (``SA``, ISO 3166) or a UN M.49 area (``001``, ``419``)."""
    if not re.fullmatch(_SCRIPT_OR_REGION, part):
        return False
    if part.isdigit():
        return True
    from glossary_cli.icudata import icu

    module = icu()
    if len(part) == 4:
        return bool(module.Script.getCode(part))
    return part.upper() in {str(c) for c in module.Locale.getISOCountries()}


@cache
def _iso_languages() -> frozenset[str]:
    from glossary_cli.icudata import icu

    return frozenset(str(code) for code in icu().Locale.getISOLanguages())


def known_language(tag: str) -> bool:
    """Whether ``tag`` is a BCP 47 tag whose language subtag names a language ICU (CLDR)
    knows: ``bn``, ``zh-Hans``, ``ckb``, but not ``foo`` or ``baz``.

    >>> [known_language(t) for t in ("bn", "zh-Hans", "ckb", "foo", "baz", "e", "tl-PH")]
    [True, True, True, False, False, False, True]

    Raises:
        DependencyError: ICU is not installed.
    """
    if not is_language_tag(tag):
        return False
    primary = primary_tag(tag)
    return primary in _iso_languages() or primary in _ALIASES.values()


def from_locale(value: str) -> tuple[str, str] | None:
    """A tag or locale name as files write it → ``(tag, dropped)``: the canonical BCP 47
    tag, and a modifier or codeset that names no part of a language (``ca@valencia`` drops
    ``@valencia``), ``""`` when nothing was dropped; ``None`` when ``value`` is not a tag
    of a language ICU knows.

    >>> from_locale("ar_SA"), from_locale("sr_RS@latin"), from_locale("pt_BR.UTF-8")
    (('ar-SA', ''), ('sr-Latn-RS', ''), ('pt-BR', ''))
    >>> from_locale("ar-001"), from_locale("zh_Hans"), from_locale("ca@valencia")
    (('ar-001', ''), ('zh-Hans', ''), ('ca', '@valencia'))
    >>> from_locale("eng"), from_locale("arb-Arab"), from_locale("rus-Cyrl-r-pSKOS-pprefLabel")
    (('en', ''), ('ar-Arab', ''), ('ru-Cyrl', ''))
    >>> from_locale("term") is None, from_locale("en-US"), from_locale("hi_abbr")
    (True, ('en-US', ''), None)
    """
    text = value.strip()
    found = re.fullmatch(_POSIX, text)
    if found is None:
        # a tag with an extension or private part past BCP 47's limits (rus-Cyrl-r-pSKOS-…):
        # its language, script and region, before the first singleton
        head = re.match(r"([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*?)-[A-Za-z0-9]-", text)
        found = re.fullmatch(_POSIX, head.group(1)) if head else None
    if found is None:
        return None
    lang = found["lang"]
    rest = [p for p in re.split(r"[_-]", found["rest"]) if p]
    modifier = found["modifier"] or ""
    script = SCRIPT_MODIFIERS.get(modifier.casefold())
    dropped = f"@{modifier}" if modifier and script is None else ""
    if script and not any(len(p) == 4 and p.isalpha() for p in rest):
        rest.insert(0, script)
    rest = [_REGION_ALIASES.get(p.casefold(), p) if len(p) == 2 else p for p in rest]
    if "_" in text and not all(_known_subtag(p) for p in rest):
        return None  # bn_status, hi_abbr: a column name, not a locale (ll_Ssss_CC)
    if len(lang) == 3:
        lang = _two_letter(lang.lower())  # ISO 639-2/3 eng, arb → en, ar (CLDR aliases)
    tag = canonical_tag("-".join([lang, *rest]))
    if not is_language_tag(tag) or not known_language(tag):
        return None
    return tag, dropped


@cache
def _two_letter(code: str) -> str:
    """An ISO 639-2/3 language code as BCP 47 writes it: its ISO 639-1 code where it has
    one, or its macrolanguage's (``eng`` → ``en``, ``arb`` → ``ar``: CLDR's language aliases,
    ICU ``Locale::createCanonical``); unchanged otherwise."""
    from glossary_cli.icudata import icu

    canonical = str(icu().Locale.createCanonical(code).getLanguage())
    return canonical if len(canonical) == 2 else code


def parse_tag(value: str) -> str | None:
    """The canonical BCP 47 tag of a tag or locale name as files write it
    (:func:`from_locale`), or ``None``.

    >>> parse_tag("ar_SA"), parse_tag("EN-gb"), parse_tag("xx-YY"), parse_tag("Arabic")
    ('ar-SA', 'en-GB', None, None)
    """
    found = from_locale(value)
    return found[0] if found is not None else None


# Arabic names a language with a relative adjective (nisba): an article or a preposition
# before it, -ي/-ية after (الإنجليزية, الإنجليزي, إنجليزي, بالعربية).
_ARABIC_ARTICLE = r"^(?:بال|وال|لل|ال)(?=..)"
_ARABIC_NISBA = r"(?:يه|ية|ي|ه|ة)$"


def name_key(text: str) -> str:
    """The key a language name is looked up by: case folded, accents, harakat and hamza
    seats dropped (NFKD without combining marks, UAX #15), and, in Arabic script, the article
    or preposition before the name and the adjective ending after it (``الإنجليزية``,
    ``الإنجليزي``, ``إنجليزي``, ``بالعربية`` → ``انجليز``, ``عرب``).

    >>> name_key("الإنجليزية") == name_key("إنجليزي") == name_key("بالانجليزي")
    True
    >>> name_key("  Español "), name_key("العربية")
    ('espanol', 'عرب')
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c) and c != "\u0640")
    words = bare.split()
    if words and all("\u0600" <= w[:1] <= "\u06ff" for w in words):
        words = [re.sub(_ARABIC_NISBA, "", re.sub(_ARABIC_ARTICLE, "", w)) or w for w in words]
    return unicodedata.normalize("NFC", " ".join(words))


#: The languages whose names of other languages headers are read in (besides each language's
#: own name): the termbase's, and those most glossaries are written from.
DISPLAY_LANGUAGES = ("en", "bn", "ar", "fr", "de", "es", "pt", "ru", "zh", "ja", "ko", "hi",
                     "fa", "ur", "tr", "it", "id", "vi", "th", "pl", "nl", "uk", "he", "el",
                     "ms", "sw", "ta", "te", "mr", "ne")  # fmt: skip


@cache
def _names() -> dict[str, str]:
    """Every language ICU knows, by :func:`name_key` of its names: in English, in itself,
    in the languages of :data:`DISPLAY_LANGUAGES` (ICU ``Locale::getDisplayLanguage``,
    CLDR), and the aliases ICU lacks; the first language to claim a name keeps it."""
    from glossary_cli.icudata import icu

    module = icu()
    displays = [module.Locale(d) for d in DISPLAY_LANGUAGES]
    names: dict[str, str] = {}
    for alias, tag in _ALIASES.items():
        names.setdefault(name_key(alias), tag)
    for code in sorted(_iso_languages(), key=lambda c: (len(c), c)):
        locale = module.Locale(code)
        for display in (*displays, locale):
            name = str(locale.getDisplayLanguage(display))
            if name and name != code:
                names.setdefault(name_key(name), code)
    return names


@cache
def _regions() -> dict[str, str]:
    """Region names in the languages of :data:`DISPLAY_LANGUAGES` (ICU, CLDR) by folded
    name → ISO 3166 code, and the codes files write that ISO does not (``UK``)."""
    from glossary_cli.icudata import icu

    module = icu()
    out: dict[str, str] = dict(_REGION_ALIASES)
    for display in DISPLAY_LANGUAGES:
        shown = module.Locale(display)
        for code in module.Locale.getISOCountries():
            name = str(module.Locale("", str(code)).getDisplayCountry(shown))
            if name:
                out.setdefault(name_key(name), str(code))
    return out


#: Region codes files write that are not ISO 3166's (``en_UK``, ``English (UK)``).
_REGION_ALIASES = {"uk": "GB"}


def from_name(text: str) -> str | None:
    """The tag of a language name: in English (``Arabic``, ``Bengali``, ``Bangla``), in the
    language itself (``العربية``, ``বাংলা``, ``Español``), in Bengali (``ইংরেজি``) or
    Arabic (``الإنجليزية``, ``بالعربية``), with a region's name (``English (United
    States)``); ``None`` when it is not one.

    >>> [from_name(n) for n in ("Arabic", "বাংলা", "ইংরেজি", "الإنجليزية", "Bengali", "note")]
    ['ar', 'bn', 'en', 'en', 'bn', None]
    >>> from_name("English (United States)"), from_name("Portuguese - Brazil")
    ('en-US', 'pt-BR')
    >>> from_name("Portuguese (Brazilian)"), from_name("Chinese Simplified"), from_name("Ukranian")
    ('pt-BR', 'zh-Hans', 'uk')
    >>> from_name("Spanish (Modern)"), from_name("Serbian (Cyrillic)"), from_name("Urdu (Pakistan)")
    ('es', 'sr-Cyrl', 'ur-PK')

    Raises:
        DependencyError: ICU is not installed.
    """
    text = text.translate(_FULLWIDTH)
    key = name_key(text)
    if not key or len(key) > 60:
        return None
    names = _names()
    if key in names:
        return names[key]
    bracketed = re.match(_NAME_REGION, text.strip())
    found = bracketed or re.match(_NAME_QUALIFIED, text.strip())
    if found is None:
        return _misspelt(key)
    lang = names.get(name_key(found["name"])) or _misspelt(name_key(found["name"]))
    if lang is None:
        return None
    qualifier = (found["r1"] or found["r2"] or "").strip()
    tagged = qualified(lang, qualifier)
    if tagged is None:  # a word that says nothing of the language ("Spanish (Modern)")
        return lang if bracketed else None  # "English Definition" is no language's name
    return tagged


def qualified(lang: str, qualifier: str) -> str | None:
    """A language named with a qualifier after it, as a tag: the qualifier's region (by
    code or English name: ``de`` ``AT`` → ``de-AT``, ``fr`` ``Canada`` → ``fr-CA``) or script
    (``Cyrillic``), a tag of the language (``ar-SA``), or the language's own code (``German
    (DE)`` → ``de``); ``None`` when it names none of these (``Modern``, ``use``).

    >>> qualified("de", "AT"), qualified("de", "DE"), qualified("fr", "Canada")
    ('de-AT', 'de', 'fr-CA')
    >>> qualified("es", "use") is None
    True
    """
    code = qualifier.strip()
    if "-" in lang or code.casefold() == lang.casefold():
        return lang
    tag = parse_tag(code)
    if tag is not None and "-" in tag and primary_tag(tag) == lang:
        return tag  # "Arabic (ar-SA)"
    if re.fullmatch(r"[A-Za-z]{2}|[0-9]{3}", code):
        code = _REGION_ALIASES.get(code.casefold(), code)
        return parse_tag(f"{lang}-{code}") if _known_subtag(code.upper()) else None
    key = name_key(code)
    subtag = _QUALIFIERS[key] if key in _QUALIFIERS else _regions().get(key)
    if subtag is None:
        return None
    return canonical_tag(f"{lang}-{subtag}") if subtag else lang


# fullwidth brackets and commas, as CJK names write them: 中文（简体）
_FULLWIDTH = str.maketrans({"（": "(", "）": ")", "，": ",", "、": ","})
# ``Name, Qualifier`` and ``Name Qualifier`` (Crowdin's "Portuguese, Brazilian", "Chinese
# Simplified")
_NAME_QUALIFIED = r"^(?P<name>[^,()]+?)(?:\s*,\s*|\s+)(?P<r1>[^,()]+)$(?P<r2>)"
#: Qualifiers of language names that name a region or a script without being its name in
#: ICU's data: the adjectives files use (Crowdin's "Portuguese (Brazilian)").
_QUALIFIERS = {
    "brazilian": "BR", "european": "", "american": "US", "british": "GB", "canadian": "CA",
    "mexican": "MX", "swiss": "CH", "austrian": "AT", "belgian": "BE", "modern": "",
    "international": "", "simplified": "Hans", "traditional": "Hant", "cyrillic": "Cyrl",
    "latin": "Latn", "arabic": "Arab", "devanagari": "Deva", "standard": "", "world": "001",
    "简体": "Hans", "繁體": "Hant", "繁体": "Hant",
}  # fmt: skip


def _misspelt(key: str) -> str | None:
    """The language a misspelt English name of six letters or more names (``Ukranian``,
    ``Indoensian``): the one ICU name within a couple of letters of it (rapidfuzz), when
    no other is as close."""
    if len(key) < 6 or " " in key or not key.isascii():
        return None
    from rapidfuzz import fuzz, process

    english = _english_names()
    found = process.extract(key, list(english), scorer=fuzz.ratio, limit=2, score_cutoff=85)
    if not found or (len(found) > 1 and found[1][1] == found[0][1]):
        return None
    return english[found[0][0]]


@cache
def _english_names() -> dict[str, str]:
    from glossary_cli.icudata import icu

    module = icu()
    english = module.Locale("en")
    out: dict[str, str] = {}
    for code in sorted(_iso_languages(), key=lambda c: (len(c), c)):
        name = str(module.Locale(code).getDisplayLanguage(english))
        if name and name != code:
            out.setdefault(name_key(name), code)
    return out


def read_language(text: str) -> str | None:
    """The language a header, folder name or attribute names, however it is written: a tag
    or locale name (:func:`parse_tag`), else a language name (:func:`from_name`).

    >>> read_language("ar_SA"), read_language("Bengali"), read_language("definition")
    ('ar-SA', 'bn', None)
    """
    return parse_tag(text) or from_name(text)


#: The glossary's own languages, named without loading ICU (a lookup shows them in every
#: table header): ICU's English names, but Bengali's, which CLDR now calls "Bangla".
_ENGLISH_NAMES = {"en": "English", "bn": "Bengali", "ar": "Arabic"}


def language_name(tag: str, display: str = "en") -> str:
    """The name of a language tag in the language ``display`` (ICU display names, CLDR),
    with its region or script: ``bn`` → ``Bengali``, ``ar-SA`` → ``Arabic (Saudi Arabia)``;
    the tag itself when ICU has no name for it. Bengali is called so in English, as the
    glossary's users call it (CLDR now says "Bangla").

    >>> language_name("bn"), language_name("ar-SA"), language_name("xx")
    ('Bengali', 'Arabic (Saudi Arabia)', 'xx')
    >>> language_name("en", "ar")
    'الإنجليزية'
    """
    if display == "en" and tag in _ENGLISH_NAMES:
        return _ENGLISH_NAMES[tag]
    if not known_language(tag):
        return tag
    from glossary_cli.icudata import icu

    module = icu()
    locale = module.Locale.forLanguageTag(tag)
    name = str(locale.getDisplayName(module.Locale(display)))
    if display == "en" and primary_tag(tag) == "bn":
        name = name.replace("Bangla", "Bengali", 1)
    return name if name and name.casefold() != tag.casefold() else tag


def parse_langs(value: str | None) -> tuple[str, ...]:
    """``"bn,ar"`` → ``("bn", "ar")``; ``None`` (no ``--lang``) → ``()``, every language;
    duplicates dropped; each item read as files write tags (:func:`parse_tag`: ``BN`` →
    ``bn``, ``ar_SA`` → ``ar-SA``) or a language name (``arabic`` → ``ar``).

    >>> parse_langs("BN, ar_SA,arabic,ben")
    ('bn', 'ar-SA', 'ar')

    Raises:
        UsageError: an item is neither a language tag nor a language's name, or the value
            names no tag at all (``--lang ""``, ``--lang ,``: a script's empty variable, not
            a wish for every language).
    """
    if value is None:
        return ()
    tags = []
    for raw in (t.strip() for t in value.split(",")):
        if not raw:
            continue
        # a tag as BCP 47 writes it is taken as it is (in its canonical case), without ICU,
        # which a lookup does not load; an ISO 639-2/3 code (arb, ben), other spellings and
        # names are read as files write them
        plain = is_language_tag(raw) and len(re.split(r"[-_]", raw)[0]) != 3
        tag = canonical_tag(raw) if plain else read_language(raw)
        if tag is None:
            raise UsageError(f"{raw!r} is not a language tag", hint="use e.g. --lang bn,ar")
        tags.append(tag)
    if not tags:
        raise UsageError(
            "--lang names no language",
            hint="give tags, e.g. --lang bn,ar, or leave --lang out for every language",
        )
    return tuple(dict.fromkeys(tags))
