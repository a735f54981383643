"""Descriptions: the words of a definition, and of a query that describes a concept, keyed alike.

A description search (``gloss search`` of what a concept does rather than its name) compares
the words of the query with the words of the definitions. Both go through the analysis chain
(:mod:`glossary_cli.analysis`) that terms and running text go through, so that a word meets
its other forms:

- Arabic: the article, the proclitics و ف ب ك ل, pronoun suffixes, sound plurals and the
  feminine ending, broken plurals (:func:`glossary_cli.analysis.keys_of`): بتخطي meets تخطي,
  بالخطوات meets الخطوة;
- Bengali: case, number, classifier and emphatic endings and loanword spellings: ধাপে meets
  ধাপ, ম্যাট্রিক্সগুলোকে meets ম্যাট্রিক্স;
- Latin: the light English stem (:func:`glossary_cli.scripts.latin.english_stem`), after an
  Arabic proclitic or a Bengali ending is taken off (``LoRA-তে``): training meets trained;
- across scripts, by sound: a word of a query and a loanword of a Bengali or Devanagari
  definition meet by their consonant skeleton (:func:`sound_keys`), so an English description
  finds a definition written in Bengali through the words Bengali borrows (quantization meets
  কোয়ান্টাইজেশন, sparse meets স্পার্স).

Each word stands for a *group* of keys, its own and those of the forms it may be of; a query
word meets a definition when one of its keys is one of the definition's. Filler words weigh
nothing and are left out on both sides (:func:`is_filler`): the function and question words of
each script's module, the endings text writes apart after a Latin word, and the most frequent
everyday words of English, Bengali and Arabic (the head of each list of
``glossary_cli/resources/common_words/``).

Keys are written for SQLite FTS5's ``ascii`` tokenizer, which splits at every ASCII character
that is not a letter or a digit: such characters never occur inside a key (``node.js`` gives
``node`` and ``js``), so that a key is one token of the index.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

from glossary_cli.analysis import WEAK, keys_of, pieces, term_key, words_of
from glossary_cli.bundled import resource_lines
from glossary_cli.normalize import fold, phonetic, romanize
from glossary_cli.scripts import arabic, bengali, inflection_bases, latin, script_block
from glossary_cli.scripts.latin import english_stem

__all__ = ["definition_keys", "is_filler", "sound_keys", "word_groups"]

#: How many of the most frequent everyday words of each language are filler: the head of its
#: list (``resources/common_words/``, most frequent first), where the words are pronouns,
#: auxiliaries, conjunctions and adverbs (the Bengali and Arabic lists hold several inflected
#: forms of each word, hence their longer heads).
FILLER_HEAD = {"en": 100, "bn": 150, "ar": 150}

#: Fewest consonants in a sound key (:func:`sound_keys`): two-consonant skeletons are shared
#: by too many unrelated words.
SOUND_LEAST = 3
#: The mark that begins a sound key, so that it never equals a word's own key (an FTS5
#: ``ascii`` token: a digit, then the skeleton's letters).
SOUND_MARK = "0"
#: Scripts whose loanwords keep their vowels in writing, so that a word's consonant skeleton
#: is that of the word it borrows (:func:`sound_keys`); an Arabic word's skeleton is its root,
#: which unrelated English words share (the abjad leaves short vowels unwritten).
_VOWELLED = {"bengali": "bn", "devanagari": "hi"}

#: ASCII letters and digits: what FTS5's ``ascii`` tokenizer keeps together.
_TOKEN = re.compile(r"[^\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+")


def word_groups(text: str, *, definition: bool = False) -> list[tuple[str, ...]]:
    """The key groups of the content words of ``text``, in order: for each word that is not
    filler, the keys it stands for (its own first). A word that folding leaves with several
    ASCII parts (``node.js``, ``DPM-Solver``) gives a group per part.

    The sound keys (:func:`sound_keys`) that let the words of a query meet those of a
    definition in another script are those of a query's English words and of a definition's
    Bengali and Devanagari words (``definition=True``): a query's Bengali word meets a
    Bengali definition by its own keys, and a lookup needs no ICU.

    >>> word_groups("freeze the pretrained weights", definition=True)
    [('freez',), ('pretrain',), ('weight',)]
    >>> word_groups("sparse")
    [('spars', '0sprs')]
    >>> ("تخطي" in word_groups("بتخطي")[0], "ধাপ" in word_groups("ধাপে")[0])
    (True, True)
    >>> word_groups("LoRA-তে এবং", definition=True)
    [('lora',)]
    """
    return [group for piece in pieces(text) for group in _piece_groups(piece, definition)]


@lru_cache(maxsize=1 << 16)
def _piece_groups(piece: str, definition: bool) -> tuple[tuple[str, ...], ...]:
    """The key groups of the content words of a piece of text without spaces."""
    out: list[tuple[str, ...]] = []
    for word in words_of(piece):
        form = word.form
        if form.isascii():
            for part in _TOKEN.findall(form):
                keys = _latin_keys(part)
                if keys and keys[0]:
                    out.append((keys[0], *(() if definition else sound_keys(part))))
            continue
        if is_filler(form):
            continue
        group: dict[str, None] = dict.fromkeys(sound_keys(form) if definition else ())
        for key, how in keys_of(piece, word).items():
            if how == WEAK:
                continue  # an everyday word with a proclitic is that word (بنية)
            if key.isascii():  # a Latin word with a proclitic or an ending on it
                group.update(dict.fromkeys(_latin_keys(key)))
            else:
                group.update(dict.fromkeys(_TOKEN.findall(key)))
        group.pop("", None)
        if group:
            sounds = [k for k in group if k.startswith(SOUND_MARK)]
            out.append(tuple([k for k in group if not k.startswith(SOUND_MARK)] + sounds))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def sound_keys(form: str) -> tuple[str, ...]:
    """The sound keys of a folded word: the consonant skeleton
    (:func:`glossary_cli.normalize.phonetic`) of an English word as spelt and of its stem
    (blocks as block), or of the ICU
    romanization (:func:`glossary_cli.normalize.romanize`) of a Bengali or Devanagari word and
    of each base it may be an inflected form of, each with :data:`SOUND_MARK` in front; only
    skeletons of :data:`SOUND_LEAST` consonants or more. ``()`` for Arabic and other scripts
    (:data:`_VOWELLED`).

    A loanword and the word it borrows share their consonants, not their spelling
    (Unicode's scripts differ; ICU's transforms bridge them), which is how an English
    description meets a definition written in Bengali.

    >>> sound_keys("quantization"), sound_keys(fold("কোয়ান্টাইজেশন"))
    (('0kntjsn', '0kntj'), ('0kntjsn',))
    >>> "0tnsr" in sound_keys(fold("টেনসরকে")), sound_keys("the"), sound_keys(fold("تقليم"))
    (True, (), ())
    """
    if form.isascii():
        forms: tuple[str, ...] = (form, english_stem(form))
        lang = "en"
    else:
        block = script_block(form)
        if block not in _VOWELLED:
            return ()
        lang = _VOWELLED[block]
        forms = (form, *inflection_bases(form))
    out: dict[str, None] = {}
    for each in forms:
        latin_form = each if lang == "en" else romanize(each, lang)
        skeleton = phonetic(latin_form, lang).replace(" ", "")
        if len(skeleton) >= SOUND_LEAST and skeleton.isalpha():
            out[SOUND_MARK + skeleton] = None
    return tuple(out)


def definition_keys(text: str) -> str:
    """The keys of a definition's content words (:func:`word_groups`), each once,
    space-separated: what the index's ``def_words`` holds of it.

    >>> definition_keys("Weights and the weight")
    'weight'
    """
    groups = word_groups(text, definition=True)
    return " ".join(dict.fromkeys(k for group in groups for k in group))


def _latin_keys(form: str) -> list[str]:
    """The keys of an ASCII word: the stem of each of its parts of two letters or more
    (:func:`glossary_cli.scripts.latin.english_stem`), filler left out."""
    return [
        english_stem(part) for part in _TOKEN.findall(form) if len(part) > 1 and not is_filler(part)
    ]


def is_filler(form: str) -> bool:
    """Whether a folded word weighs nothing in a description: a function or question word of
    a lookup, a Bengali ending written apart (``LoRA-তে``), or one of the most frequent
    everyday words of English, Bengali or Arabic (:data:`FILLER_HEAD`); compared as written
    and by its key (the Arabic article off, the Bengali spelling key, the English stem).

    >>> is_filler("the"), is_filler("এবং"), is_filler("والتي"), is_filler("weights")
    (True, True, True, False)
    """
    forms, keys = _filler()
    return form in forms or _own_key(form) in keys


def _own_key(form: str) -> str:
    return english_stem(form) if form.isascii() else term_key(form)


@cache
def _filler() -> tuple[frozenset[str], frozenset[str]]:
    """The filler words (:func:`is_filler`), folded, and their keys."""
    listed = " ".join(
        [
            latin.FUNCTION_WORDS,
            latin.QUESTION_WORDS,
            bengali.FUNCTION_WORDS,
            bengali.QUESTION_WORDS,
            arabic.FUNCTION_WORDS,
            arabic.QUESTION_WORDS,
            *bengali.DETACHED,
            *(" ".join(_head(lang, size)) for lang, size in FILLER_HEAD.items()),
        ]
    )
    forms = frozenset(fold(listed).split())
    return forms, frozenset(_own_key(f) for f in forms)


@lru_cache(maxsize=8)
def _head(lang: str, size: int) -> tuple[str, ...]:
    """The first ``size`` words of a language's everyday-word list (most frequent first)."""
    return tuple(w.strip() for w in resource_lines(f"common_words/{lang}.txt", size) or ())
