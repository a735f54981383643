#!/usr/bin/env python3
"""Generate a synthetic Bengali/Arabic/English AI glossary of N concepts, for benchmarks.

Writes a data directory that ``gloss --data DIR`` can use::

    DIR/sources/ar.txt    Arabic glossary in the plain format of data/sources/ (title, subtitle,
    DIR/sources/bn.txt    then term and definition lines); the two files are parallel
    DIR/curation.yaml     curated English headwords, abbreviations, aliases (data/curation.yaml)
    DIR/concepts.yaml     the records (record schema 2), as `gloss build` would write them

``--format seed`` writes the first three, ``--format yaml`` only concepts.yaml, ``both`` (the
default) all four.

The output depends only on ``--concepts``, ``--seed`` and ``--vocab``; not on ``--jobs``.

How the data are made
---------------------
* A vocabulary of ``--vocab`` (default 80 000) words, each an (English, Bengali, Arabic) triple
  unique in each language: ~260 real AI words (``quantization`` / কোয়ান্টাইজেশন / تكميم),
  compounds of real morphemes (``hyper`` + ``token`` + ``ization`` → হাইপারটোকেনাইজেশন), and
  pseudo-words from English syllables with a Bengali loanword spelling (``tranox`` →
  ট্রানোক্স). Arabic words are built from triliteral roots and real derivation patterns
  (تفعيل, مفاعلة, استفعال, فعلي …).
* A term is 1–5 words (mostly 2–3). Concept ``i`` gets a word tuple from a seeded bijection of
  its rank among concepts of the same length, so terms, English headwords and ids are unique
  by construction (no set of seen terms, no memory growth). English and Bengali keep the
  English word order (sometimes joined by a hyphen, ``Low-Rank``); Arabic puts the head noun
  first with ال on the following words (تكميم الأوزان التكيفي).
* About a third of each file's terms end in an English parenthetical ``(English)``,
  ``(ABBR)`` or ``(English - ABBR)``; both files give the same one, so `gloss build` finds them
  parallel. Concepts with no English in either file get their headword from curation.yaml.
* Definitions are 12–30 words of real domain vocabulary around one or two of the term's words.

concepts.yaml is written by PyYAML's C dumper, streamed in chunks of 10 000 concepts (worker
processes dump the chunks; the main process writes them in order): peak RSS stays ~170 MB at
any N. Dumping dominates the time (~120 µs per concept); 100k concepts take ~12 s and 1M ~2 min
on an idle 2-core machine. ``--verify`` (for small N) checks that the chunked
file equals one unchunked dump, loads with ``yaml.CSafeLoader``, and passes
``glossary_cli.records.glossary_from_mapping``; when the package and its dependencies import,
it also runs ``gloss build``'s record builder on DIR and compares.

Usage::

    python benchmarks/generate.py --concepts 100000 --out benchmarks/out/100k
    python benchmarks/generate.py --concepts 1000000 --out /tmp/gloss-1m --format yaml
"""

from __future__ import annotations

import argparse
import bisect
import hashlib
import math
import multiprocessing
import os
import random
import re
import shutil
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import yaml

SCHEMA_VERSION = 2

#: The comment `gloss build` puts above the records (glossary_cli.store.HEADER).
RECORDS_HEADER = (
    "# gloss term records (record schema 2), written by `gloss build` from sources/ and\n"
    "# curation.yaml. Edit those and rebuild; edits made here are overwritten.\n"
)
#: The line of curation.yaml where its first item starts: after CURATION_HEADER's two lines
#: and "concepts:".
CURATION_FIRST_LINE = 4
# A curated term's source names its line in curation.yaml, which depends on the chunks before
# it: workers write this placeholder of the line within the chunk, the main process puts in
# the file's line.
_CURATED = "curation.yaml:@@{}@@"
_CURATED_RE = re.compile(rb"curation\.yaml:@@(\d+)@@")
CURATION_HEADER = (
    "# Curated English for the synthetic concepts of sources/ (written by\n"
    "# benchmarks/generate.py). Each item names a concept by its Bengali term.\n"
)

#: yaml.dump options: those of glossary_cli.store.dump_yaml, with libyaml's emitter.
DUMP = {
    "Dumper": yaml.CSafeDumper,
    "allow_unicode": True,
    "sort_keys": False,
    "default_flow_style": False,
    "width": 1_000_000,
}

CHUNK = 10_000  # concepts per chunk; fixed, because each chunk has its own random stream

# Files, in the order `gloss build` reads them (sorted by name): ar.txt first, so the records
# list the Arabic source and entry first.
FILES = {"ar": "ar.txt", "bn": "bn.txt"}
TITLES = {
    "ar": ("قاموس الذكاء الاصطناعي", "القاموس الكامل للذكاء الاصطناعي"),
    "bn": ("এআই গ্লসারি", "কৃত্রিম বুদ্ধিমত্তার সম্পূর্ণ অভিধান"),
}

# Share (in %) of concepts by number of words in the term.
LENGTH_SHARES = {1: 4, 2: 33, 3: 36, 4: 18, 5: 9}

P_PAREN_KIND = (("en", 0.70), ("abbr", 0.12), ("both", 0.18))  # what a parenthetical gives
P_PAREN_SIDE = 0.36  # each file gives the concept's parenthetical with this probability
P_HYPHEN = 0.07  # two modifier words joined by a hyphen (Low-Rank)
P_AR_HEAD_ARTICLE = 0.5  # Arabic head noun with ال
P_CURATED_ABBR = 0.04
P_ALIASES = 0.25
P_NOTE = 0.005
P_EXAMPLE = 0.06  # definition with "(e.g.: X, Y)"

# --------------------------------------------------------------------------------------------
# Vocabulary data
# --------------------------------------------------------------------------------------------

# en|bn|ar|pos, most frequent heads first (the order is the Zipf rank of real words).
REAL_WORDS = """
quantization|কোয়ান্টাইজেশন|تكميم|n
model|মডেল|نموذج|n
network|নেটওয়ার্ক|شبكة|n
inference|ইনফারেন্স|استدلال|n
optimization|অপ্টিমাইজেশন|تحسين|n
learning|লার্নিং|تعلم|n
attention|অ্যাটেনশন|انتباه|n
training|প্রশিক্ষণ|تدريب|n
distillation|ডিস্টিলেশন|تقطير|n
pruning|প্রুনিং|تقليم|n
compression|কম্প্রেশন|ضغط|n
diffusion|ডিফিউশন|انتشار|n
embedding|এমবেডিং|تضمين|n
decoding|ডিকোডিং|فك|n
sampling|স্যাম্পলিং|معاينة|n
regularization|রেগুলারাইজেশন|تنظيم|n
normalization|নরমালাইজেশন|تطبيع|n
adaptation|অ্যাডাপ্টেশন|تكييف|n
architecture|আর্কিটেকচার|معمارية|n
method|মেথড|طريقة|n
algorithm|অ্যালগরিদম|خوارزمية|n
technique|কৌশল|تقنية|n
framework|ফ্রেমওয়ার্ক|إطار|n
layer|স্তর|طبقة|n
weight|ওজন|وزن|n
gradient|গ্রেডিয়েন্ট|تدرج|n
parameter|প্যারামিটার|معلمة|n
hyperparameter|হাইপারপ্যারামিটার|معامل|n
activation|অ্যাক্টিভেশন|تنشيط|n
tokenization|টোকেনাইজেশন|ترميز|n
tokenizer|টোকেনাইজার|مرمز|n
token|টোকেন|رمز|n
encoder|এনকোডার|مشفر|n
decoder|ডিকোডার|مفكك|n
transformer|ট্রান্সফরমার|محول|n
kernel|কার্নেল|نواة|n
convolution|কনভোলিউশন|طي|n
fusion|ফিউশন|دمج|n
caching|ক্যাশিং|تخزين|n
cache|ক্যাশ|مخبأ|n
memory|মেমরি|ذاكرة|n
checkpointing|চেকপয়েন্টিং|تفتيش|n
dropout|ড্রপআউট|تسرب|n
batch|ব্যাচ|دفعة|n
rate|রেট|معدل|n
adapter|অ্যাডাপ্টার|مهايئ|n
rank|র্যাঙ্ক|رتبة|n
matrix|ম্যাট্রিক্স|مصفوفة|n
tensor|টেনসর|موتر|n
vector|ভেক্টর|متجه|n
bit|বিট|بت|n
representation|রিপ্রেজেন্টেশন|تمثيل|n
accelerator|এক্সিলারেটর|مسرع|n
acceleration|ত্বরণ|تسريع|n
hardware|হার্ডওয়্যার|عتاد|n
pipeline|পাইপলাইন|أنبوب|n
parallelism|সমান্তরালতা|توازي|n
search|সার্চ|بحث|n
grid|গ্রিড|شبكية|n
calibration|ক্যালিব্রেশন|معايرة|n
clipping|ক্লিপিং|قص|n
scaling|স্কেলিং|تحجيم|n
bias|বায়াস|انحياز|n
compensation|কম্পেনসেশন|تعويض|n
correction|সংশোধন|تصحيح|n
error|ত্রুটি|خطأ|n
loss|লস|خسارة|n
function|ফাংশন|دالة|n
objective|অবজেক্টিভ|هدف|n
reward|রিওয়ার্ড|مكافأة|n
policy|পলিসি|سياسة|n
reinforcement|রিইনফোর্সমেন্ট|تعزيز|n
agent|এজেন্ট|وكيل|n
environment|এনভায়রনমেন্ট|بيئة|n
language|ভাষা|لغة|n
vision|ভিশন|رؤية|n
image|ইমেজ|صورة|n
text|টেক্সট|نص|n
speech|স্পিচ|كلام|n
generation|জেনারেশন|توليد|n
retrieval|রিট্রিভাল|استرجاع|n
prompt|প্রম্পট|موجه|n
context|কনটেক্সট|سياق|n
window|উইন্ডো|نافذة|n
sequence|সিকোয়েন্স|تسلسل|n
neuron|নিউরন|عصبون|n
connection|কানেকশন|اتصال|n
head|হেড|رأس|n
masking|মাস্কিং|إخفاء|n
classification|ক্লাসিফিকেশন|تصنيف|n
classifier|ক্লাসিফায়ার|مصنف|n
regression|রিগ্রেশন|انحدار|n
descent|ডিসেন্ট|هبوط|n
clustering|ক্লাস্টারিং|تجميع|n
cluster|ক্লাস্টার|عنقود|n
entropy|এনট্রপি|إنتروبيا|n
variance|ভ্যারিয়েন্স|تباين|n
distribution|ডিস্ট্রিবিউশন|توزيع|n
probability|সম্ভাবনা|احتمال|n
feature|ফিচার|ميزة|n
map|ম্যাপ|خريطة|n
pooling|পুলিং|تكتيل|n
stride|স্ট্রাইড|قفزة|n
step|ধাপ|خطوة|n
time|টাইম|زمن|n
graph|গ্রাফ|مخطط|n
node|নোড|عقدة|n
edge|এজ|حافة|n
message|মেসেজ|رسالة|n
passing|পাসিং|تمرير|n
privacy|প্রাইভেসি|خصوصية|n
perturbation|পারটারবেশন|اضطراب|n
alignment|অ্যালাইনমেন্ট|مواءمة|n
preference|প্রেফারেন্স|تفضيل|n
feedback|ফিডব্যাক|تغذية|n
instruction|ইনস্ট্রাকশন|تعليمات|n
tuning|টিউনিং|ضبط|n
shot|শট|لقطة|n
transfer|ট্রান্সফার|نقل|n
domain|ডোমেইন|مجال|n
generalization|জেনারেলাইজেশন|تعميم|n
overfitting|ওভারফিটিং|إفراط|n
evaluation|মূল্যায়ন|تقييم|n
benchmark|বেঞ্চমার্ক|معيار|n
metric|মেট্রিক|مؤشر|n
perplexity|পারপ্লেক্সিটি|حيرة|n
accuracy|অ্যাকুরেসি|إحكام|n
precision|নির্ভুলতা|دقة|n
latency|লেটেন্সি|كمون|n
throughput|থ্রুপুট|إنتاجية|n
efficiency|দক্ষতা|كفاءة|n
block|ব্লক|كتلة|n
group|গ্রুপ|مجموعة|n
channel|চ্যানেল|قناة|n
lottery|লটারি|يانصيب|n
ticket|টিকেট|تذكرة|n
hypothesis|হাইপোথিসিস|فرضية|n
knowledge|নলেজ|معرفة|n
teacher|শিক্ষক|معلم|n
student|শিক্ষার্থী|طالب|n
expert|বিশেষজ্ঞ|خبير|n
mixture|মিশ্রণ|خليط|n
router|রাউটার|مسير|n
gate|গেট|بوابة|n
gating|গেটিং|تبويب|n
consistency|কনসিস্টেন্সি|اتساق|n
flow|ফ্লো|تدفق|n
score|স্কোর|درجة|n
matching|ম্যাচিং|مطابقة|n
energy|এনার্জি|طاقة|n
discriminator|ডিসক্রিমিনেটর|مميز|n
generator|জেনারেটর|مولد|n
softmax|সফটম্যাক্স|سوفتماكس|n
logit|লজিট|لوجيت|n
temperature|টেম্পারেচার|حرارة|n
encoding|এনকোডিং|تشفير|n
projection|প্রজেকশন|إسقاط|n
value|ভ্যালু|قيمة|n
decomposition|ডিকম্পোজিশন|تحليل|n
factorization|ফ্যাক্টরাইজেশন|تفكيك|n
approximation|অ্যাপ্রক্সিমেশন|تقريب|n
hashing|হ্যাশিং|تجزئة|n
locality|লোকালিটি|محلية|n
importance|গুরুত্ব|أهمية|n
budget|বাজেট|ميزانية|n
constraint|কনস্ট্রেইন্ট|قيد|n
resolution|রেজোলিউশন|وضوح|n
outlier|আউটলায়ার|شاذ|n
smoothing|স্মুথিং|تنعيم|n
rounding|রাউন্ডিং|تدوير|n
estimator|এস্টিমেটর|مقدر|n
momentum|মোমেন্টাম|زخم|n
warmup|ওয়ার্মআপ|إحماء|n
decay|ডিকে|اضمحلال|n
schedule|শিডিউল|جدول|n
scheduler|স্কেডিউলার|مجدول|n
annealing|অ্যানিলিং|تلدين|n
curriculum|কারিকুলাম|منهج|n
data|ডেটা|بيانات|n
label|লেবেল|وسم|n
annotation|অ্যানোটেশন|توسيم|n
augmentation|অগমেন্টেশন|زيادة|n
index|ইনডেক্স|فهرس|n
deployment|মোতায়েন|نشر|n
serving|সার্ভিং|خدمة|n
runtime|রানটাইম|تشغيل|n
compiler|কম্পাইলার|مترجم|n
operator|অপারেটর|مشغل|n
offloading|অফলোডিং|تفريغ|n
sharding|শার্ডিং|تجزيء|n
replica|রেপ্লিকা|نسخة|n
state|স্টেট|حالة|n
space|স্পেস|فضاء|n
chain|চেইন|سلسلة|n
thought|থট|تفكير|n
reasoning|রিজনিং|استنتاج|n
planning|প্ল্যানিং|تخطيط|n
tool|টুল|أداة|n
similarity|সাদৃশ্য|تشابه|n
distance|দূরত্ব|مسافة|n
neighbor|নেইবার|جار|n
codebook|কোডবুক|دفتر|n
noise|নয়েজ|ضوضاء|n
denoising|ডিনয়েজিং|تنقية|n
sparsity|স্পার্সিটি|تناثر|n
point|পয়েন্ট|نقطة|n
sparse|স্পার্স|متناثر|a
adaptive|অ্যাডাপ্টিভ|تكيفي|a
dynamic|গতিশীল|ديناميكي|a
mixed|মিশ্র|مختلط|a
minimal|ন্যূনতম|أدنى|a
latent|লেটেন্ট|كامن|a
low|লো|منخفض|a
floating|ফ্লোটিং|عائم|a
integer|ইন্টিজার|صحيح|a
asynchronous|অ্যাসিঙ্ক্রোনাস|لامتزامن|a
parallel|প্যারালাল|متواز|a
distributed|ডিস্ট্রিবিউটেড|موزع|a
speculative|স্পেকুলেটিভ|تخميني|a
stochastic|স্টোকাস্টিক|عشوائي|a
random|র্যান্ডম|اعتباطي|a
deterministic|নির্ধারণমূলক|حتمي|a
bayesian|বায়েসিয়ান|بايزي|a
gaussian|গাউসিয়ান|غاوسي|a
neural|নিউরাল|عصبي|a
residual|রেসিডুয়াল|متبقي|a
self|সেলফ|ذاتي|a
cross|ক্রস|متقاطع|a
causal|কজাল|سببي|a
masked|মাস্কড|مقنع|a
contrastive|কনট্রাস্টিভ|تبايني|a
supervised|সুপারভাইজড|إشرافي|a
unsupervised|আনসুপারভাইজড|لاإشرافي|a
multimodal|মাল্টিমোডাল|وسائطي|a
generative|জেনারেটিভ|توليدي|a
augmented|অগমেন্টেড|معزز|a
recurrent|রিকারেন্ট|متكرر|a
convolutional|কনভোলিউশনাল|لفائفي|a
differential|ডিফারেনশিয়াল|تفاضلي|a
differentiable|ডিফারেনশিয়েবল|اشتقاقي|a
robust|রোবাস্ট|متين|a
adversarial|অ্যাডভারসারিয়াল|عدائي|a
human|হিউম্যান|بشري|a
zero|জিরো|صفري|a
few|ফিউ|قليل|a
temporal|টেম্পোরাল|زمني|a
spatial|স্প্যাশিয়াল|مكاني|a
federated|ফেডারেটেড|اتحادي|a
efficient|দক্ষ|كفء|a
structured|স্ট্রাকচার্ড|منظم|a
unstructured|আনস্ট্রাকচার্ড|لامنظم|a
autoregressive|অটোরিগ্রেসিভ|انحداري|a
variational|ভেরিয়েশনাল|تغايري|a
sliding|স্লাইডিং|منزلق|a
rotary|রোটারি|دوار|a
positional|পজিশনাল|موضعي|a
linear|লিনিয়ার|خطي|a
nonlinear|ননলিনিয়ার|لاخطي|a
singular|সিঙ্গুলার|منفرد|a
sensitive|সংবেদনশীল|حساس|a
progressive|প্রোগ্রেসিভ|تدريجي|a
incremental|ইনক্রিমেন্টাল|تزايدي|a
uniform|ইউনিফর্ম|منتظم|a
straight|স্ট্রেইট|مستقيم|a
synthetic|সিন্থেটিক|اصطناعي|a
quantized|কোয়ান্টাইজড|مكمم|a
pruned|প্রুনড|مقلم|a
compressed|কম্প্রেসড|مضغوط|a
distilled|ডিস্টিলড|مقطر|a
hybrid|হাইব্রিড|هجين|a
hierarchical|হায়ারার্কিক্যাল|هرمي|a
recursive|রিকার্সিভ|عودي|a
global|গ্লোবাল|شامل|a
local|লোকাল|محلي|a
dense|ডেন্স|كثيف|a
shallow|শ্যালো|ضحل|a
deep|ডিপ|عميق|a
wide|ওয়াইড|عريض|a
lightweight|লাইটওয়েট|خفيف|a
mobile|মোবাইল|محمول|a
fused|ফিউজড|مدمج|a
hidden|হিডেন|مخفي|a
markov|মার্কভ|ماركوفي|a
episodic|এপিসোডিক|عرضي|a
semantic|সিমান্টিক|دلالي|a
nearest|নিকটতম|أقرب|a
conditional|কন্ডিশনাল|شرطي|a
optimal|সর্বোত্তম|أمثل|a
variable|পরিবর্তনশীল|متغير|a
visual|ভিজ্যুয়াল|بصري|a
continuous|কন্টিনিউয়াস|مستمر|a
discrete|ডিসক্রিট|منفصل|a
approximate|আনুমানিক|تقريبي|a
explicit|এক্সপ্লিসিট|صريح|a
implicit|ইমপ্লিসিট|ضمني|a
pretrained|প্রিট্রেইনড|مسبق|a
multilingual|বহুভাষিক|متعدد|a
"""

# Real roots that take the suffixes below (token + ization → tokenization / টোকেনাইজেশন).
MORPH_ROOTS = """
quant|কোয়ান্ট token|টোকেন normal|নরমাল optim|অপ্টিম vector|ভেক্টর tens|টেনস spars|স্পার্স
random|র্যান্ডম modul|মডিউল format|ফরম্যাট pixel|পিক্সেল voxel|ভক্সেল graph|গ্রাফ
channel|চ্যানেল kernel|কার্নেল cluster|ক্লাস্টার compil|কম্পাইল serial|সিরিয়াল
parallel|প্যারালাল linear|লিনিয়ার stabil|স্টেবিল central|সেন্ট্রাল local|লোকাল
global|গ্লোবাল dimension|ডাইমেনশন regular|রেগুলার tempor|টেম্পোর spectr|স্পেকট্র
lex|লেক্স morph|মর্ফ vers|ভার্স struct|স্ট্রাক্ট encod|এনকোড decod|ডিকোড embed|এমবেড
attend|অ্যাটেন্ড fact|ফ্যাক্ট calibr|ক্যালিব্র activ|অ্যাক্টিভ transform|ট্রান্সফর্ম
infer|ইনফার comput|কম্পিউট schedul|শিডিউল rout|রাউট cach|ক্যাশ pool|পুল shard|শার্ড
align|অ্যালাইন prun|প্রুন distill|ডিস্টিল compress|কম্প্রেস sketch|স্কেচ token|টোকেন
segment|সেগমেন্ট fragment|ফ্র্যাগমেন্ট signal|সিগন্যাল context|কনটেক্সট tensor|টেনসর
"""

PREFIXES = """
hyper|হাইপার meta|মেটা multi|মাল্টি micro|মাইক্রো auto|অটো pre|প্রি post|পোস্ট sub|সাব
super|সুপার inter|ইন্টার neuro|নিউরো nano|ন্যানো macro|ম্যাক্রো semi|সেমি trans|ট্রান্স
co|কো re|রি de|ডি over|ওভার para|প্যারা poly|পলি mono|মনো bi|বাই tri|ট্রাই omni|অমনি
quasi|কোয়াসি pseudo|সিউডো proto|প্রোটো ultra|আল্ট্রা infra|ইনফ্রা intra|ইন্ট্রা iso|আইসো
hetero|হেটেরো tele|টেলি electro|ইলেক্ট্রো cyber|সাইবার under|আন্ডার counter|কাউন্টার
"""

# en|bn|pos; the Bengali starts with a vowel sign, joined to the root's last consonant.
SUFFIXES = """
ization|াইজেশন|n ation|েশন|n er|ার|n ing|িং|n ity|িটি|n ism|িজম|n ics|িক্স|n or|র|n
ment|মেন্ট|n ance|্যান্স|n ive|িভ|a al|াল|a ous|াস|a ic|িক|a able|েবল|a ized|াইজড|a
ent|েন্ট|a ial|িয়াল|a
"""

# English spelling → Bengali loanword spelling, for pseudo-word syllables.
ONSETS = """
b|ব d|ড f|ফ g|গ h|হ j|জ k|ক l|ল m|ম n|ন p|প r|র s|স t|ট v|ভ w|ওয় th|থ sh|শ ch|চ
qu|কোয় br|ব্র cr|ক্র dr|ড্র fr|ফ্র gr|গ্র pr|প্র tr|ট্র bl|ব্ল cl|ক্ল fl|ফ্ল gl|গ্ল
pl|প্ল sl|স্ল sp|স্প st|স্ট sc|স্ক sm|স্ম sn|স্ন str|স্ট্র spr|স্প্র
"""
MID_ONSETS = "b|ব d|ড f|ফ g|গ k|ক l|ল m|ম n|ন p|প r|র s|স t|ট v|ভ th|থ sh|শ ch|চ"
VOWELS = "a|া e|ে i|ি o|ো u|ু ou|াউ ei|েই y|াই"
CODAS = """
n|ন nt|ন্ট nd|ন্ড r|র rs|র্স rt|র্ট rk|র্ক rm|র্ম rn|র্ন x|ক্স ct|ক্ট m|ম mp|ম্প l|ল
lt|ল্ট lv|ল্ভ ng|ং st|স্ট sk|স্ক sp|স্প t|ট d|ড k|ক p|প s|স v|ভ g|গ b|ব th|থ ns|ন্স
ft|ফ্ট pt|প্ট nk|ঙ্ক
"""

AR_ROOT_LETTERS = "بتثجحخدذرزسشصضطظعغفقكلمنه"
# Derivation patterns; 1, 2, 3 stand for the root's letters.
AR_NOUN_PATTERNS = (
    "ت12ي3",
    "12ا3",
    "12ا3ة",
    "م1ا23ة",
    "است12ا3",
    "ان12ا3",
    "ا1ت2ا3",
    "ت1ا23",
    "12و3",
    "م123",
    "م12ا3",
    "ت12ي3ة",
    "م123ة",
    "1ا23ة",
)
AR_ADJ_PATTERNS = ("م12و3", "1ا23", "12ي3", "123ي", "ت12ي3ي", "مت1ا23", "م123", "12ا3ي", "ت1ا23ي")

# Definition vocabulary.
BN_OPENERS = (
    "একটি পদ্ধতি যা",
    "একটি কৌশল যা",
    "একটি অপ্টিমাইজেশন কৌশল যা",
    "একটি অ্যালগরিদম যা",
    "এমন একটি প্রক্রিয়া যেখানে",
    "নিউরাল নেটওয়ার্কের একটি পদ্ধতি যা",
    "মডেল প্রশিক্ষণের একটি কৌশল যা",
    "একটি আর্কিটেকচার যা",
    "প্রযুক্তিসমূহের একটি সেট যা",
    "একটি হাইব্রিড পদ্ধতি যা",
    "কোয়ান্টাইজেশন পদ্ধতি যা",
    "মেমরি ব্যবস্থাপনার একটি কৌশল যা",
)
BN_BODY = """
মডেলের ওজন ওজনের প্যারামিটার প্যারামিটারের ইনফারেন্সের সময় প্রশিক্ষণের গণনা গণনামূলক খরচ
মেমরি ব্যবহার নির্ভুলতা পারফরম্যান্স স্তরের স্তরগুলির প্রতিটি বিভিন্ন উল্লেখযোগ্য ন্যূনতম
সর্বোত্তম দক্ষ কম বড় ছোট উচ্চ নিম্ন মধ্যবর্তী অ্যাক্টিভেশন গ্রেডিয়েন্ট ডেটা ইনপুট আউটপুট
বন্টন সংখ্যা আকার গতি লেটেন্সি হার্ডওয়্যারে নেটওয়ার্কের ম্যাট্রিক্স টেনসরের প্রক্রিয়া ধাপ
ধাপগুলো কাঠামো সংবেদনশীলতা গুরুত্ব ভিত্তিতে উপর মধ্যে সাথে থেকে দ্বারা জন্য এবং বা
যখন প্রায়শই সাধারণত সরাসরি স্বয়ংক্রিয়ভাবে গতিশীলভাবে নির্বাচনীভাবে ব্যাপকভাবে তথ্য
ত্রুটি সামগ্রিক আধুনিক স্থিতিশীলতা ক্ষমতা বৈশিষ্ট্য কনফিগারেশন অপারেশন ক্ষতি লক্ষ্য ফলাফল
মান সীমা একাধিক নিউরন স্পার্স আর্কিটেকচার ডিনয়েজিং ক্লাসিফিকেশন মডেলগুলির ইনফারেন্স
প্রশিক্ষণযোগ্য ম্যাট্রিক্সগুলোকে অ্যালগরিদম পুনরায় প্রয়োজনে বিনিময়ে সামান্য বৃদ্ধি হ্রাস
"""
BN_VERBS = (
    "হ্রাস করে",
    "বৃদ্ধি করে",
    "ব্যবহার করে",
    "নির্ধারণ করে",
    "সংরক্ষণ করে",
    "বিশ্লেষণ করে",
    "অপ্টিমাইজ করে",
    "একত্রিত করে",
    "নিয়ন্ত্রণ করে",
    "উন্নত করে",
    "অনুমান করে",
    "প্রয়োগ করে",
    "সক্ষম করে",
    "বজায় রাখে",
    "কমায়",
    "সরবরাহ করে",
    "ত্বরান্বিত করে",
    "মুছে ফেলে",
)
BN_EXAMPLE = "যেমন:"
AR_OPENERS = (
    "طريقة تستخدم",
    "تقنية تهدف إلى",
    "استراتيجية تعتمد على",
    "نهج يقارب",
    "خوارزمية تحسب",
    "عملية تتضمن",
    "بنية تستخدم",
    "أسلوب تحسين يعتمد على",
    "تقنية إدارة الذاكرة تحفظ",
    "مجموعة من التقنيات تهدف إلى",
    "طريقة تكميم تستخدم",
    "شكل من أشكال",
)
AR_BODY = """
النموذج الأوزان المعاملات الاستدلال التدريب الحساب الذاكرة استخدام الدقة الأداء الطبقات كل
مختلف كبير أقل أكثر الوسيطة التنشيطات التدرجات البيانات المدخلات المخرجات التوزيع عدد حجم
سرعة زمن الوصول العتاد الشبكة المصفوفات الموترات عملية خطوات بنية حساسية أهمية على في من
إلى مع عبر أثناء بين حيث التي الذي و أو غالباً عادةً مباشرة تلقائياً بشكل ديناميكي انتقائي
المعلومات الخطأ الإجمالي الحديثة الاستقرار السعة الميزات التكوين العمليات الخسارة الهدف
النتائج القيم الحدود الخلايا العصبية الانتشار الضوضاء إزالة التصنيف الحسابية المكلفة المنخفضة
"""
AR_VERBS = (
    "يقلل",
    "يزيد",
    "يستخدم",
    "يحدد",
    "يحفظ",
    "يحلل",
    "يحسن",
    "يدمج",
    "يتحكم في",
    "يقارب",
    "يطبق",
    "يتيح",
    "يحافظ على",
    "يسرع",
    "يخلق",
    "يسمح بتحقيق",
)
AR_EXAMPLE = "مثل:"
EXAMPLES = (
    "GPU",
    "CPU",
    "TPU",
    "DDIM",
    "DPM-Solver",
    "INT8",
    "FP16",
    "BF16",
    "BERT",
    "GPT",
    "ReLU",
    "Adam",
    "SGD",
    "LSTM",
    "CNN",
    "KV",
    "Conv",
    "BatchNorm",
    "LayerNorm",
    "ONNX",
    "CUDA",
)
NOTES = (
    "The Arabic term puts the head noun first; the Bengali term follows the English order.",
    "Some sources spell this term with a hyphen; search finds both spellings.",
    "The abbreviation is not given by the sources; it is in common use.",
)


def _nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def _pairs(table: str) -> list[tuple[str, ...]]:
    return [tuple(_nfc(p) for p in item.split("|")) for item in table.split()]


# --------------------------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------------------------


class Vocab:
    """Parallel word lists: ``en[i]``, ``bn[i]``, ``ar[i]`` (Arabic without ال), ``pos[i]``.

    Every list holds distinct strings without spaces or hyphens, and no Arabic word starts
    with ال, so a term (a sequence of word indices) is spelt differently from every other term
    in each language.
    """

    def __init__(self, size: int, seed: int) -> None:
        rng = random.Random(f"gloss-vocab:{seed}")
        self.en: list[str] = []
        self.bn: list[str] = []
        self.ar: list[str] = []
        self.pos: list[str] = []
        self._seen_en: set[str] = set()
        self._seen_bn: set[str] = set()
        self._seen_ar: set[str] = set()

        for line in REAL_WORDS.split():
            en, bn, ar, pos = (_nfc(p) for p in line.split("|"))
            self._add(en, bn, ar, pos)
        self.real = list(range(len(self.en)))
        self.real_nouns = [i for i in self.real if self.pos[i] == "n"]

        roots = _pairs(MORPH_ROOTS)
        prefixes = _pairs(PREFIXES)
        suffixes = _pairs(SUFFIXES)
        onsets, mids = _pairs(ONSETS), _pairs(MID_ONSETS)
        vowels, codas = _pairs(VOWELS), _pairs(CODAS)
        misses = 0
        while len(self.en) < size:
            if misses > 100_000:
                raise SystemExit(f"cannot build {size} distinct words; use a smaller --vocab")
            if rng.random() < 0.35:  # compound of real morphemes
                en, bn = rng.choice(roots)
                pos = "n"
                pre = rng.choice(prefixes) if rng.random() < 0.6 else None
                suf = rng.choice(suffixes) if pre is None or rng.random() < 0.6 else None
            else:  # pseudo-word: onset vowel [onset vowel] coda
                o, v, c = rng.choice(onsets), rng.choice(vowels), rng.choice(codas)
                if rng.random() < 0.6:
                    o2, v2 = rng.choice(mids), rng.choice(vowels)
                    en, bn = o[0] + v[0] + o2[0] + v2[0] + c[0], o[1] + v[1] + o2[1] + v2[1] + c[1]
                else:
                    en, bn = o[0] + v[0] + c[0], o[1] + v[1] + c[1]
                pos = "n"
                pre = rng.choice(prefixes) if rng.random() < 0.2 else None
                suf = rng.choice(suffixes) if rng.random() < 0.7 else None
            if pre:
                en, bn = pre[0] + en, pre[1] + bn
            if suf:
                if bn.endswith("ং"):  # anusvara takes no vowel sign: -ng + ing → ঙ্গিং
                    bn = bn[:-1] + "ঙ্গ"
                en, bn, pos = en + suf[0], bn + suf[1], suf[2]
            bn = _nfc(bn)
            if en in self._seen_en or bn in self._seen_bn:
                misses += 1
                continue
            misses = 0
            self._add(en, bn, self._arabic(rng, pos), pos)

        self.size = len(self.en)
        self.nouns = [i for i in range(self.size) if self.pos[i] == "n"]
        self.real_weights = _zipf(len(self.real))
        self.real_noun_weights = _zipf(len(self.real_nouns))
        self.title = [w.capitalize() for w in self.en]
        self.ar_al = ["ال" + w for w in self.ar]
        del self._seen_en, self._seen_bn, self._seen_ar

    def _add(self, en: str, bn: str, ar: str, pos: str) -> None:
        for word, seen in ((en, self._seen_en), (bn, self._seen_bn), (ar, self._seen_ar)):
            if word in seen or not word or "-" in word or " " in word:
                raise ValueError(f"bad or duplicate vocabulary word {word!r}")
            seen.add(word)
        if ar.startswith("ال"):
            raise ValueError(f"Arabic vocabulary word starts with the article: {ar!r}")
        self.en.append(en)
        self.bn.append(bn)
        self.ar.append(ar)
        self.pos.append(pos)

    def _arabic(self, rng: random.Random, pos: str) -> str:
        patterns = AR_NOUN_PATTERNS if pos == "n" else AR_ADJ_PATTERNS
        while True:
            r1, r2, r3 = (
                rng.choice(AR_ROOT_LETTERS),
                rng.choice(AR_ROOT_LETTERS),
                rng.choice(AR_ROOT_LETTERS),
            )
            if r1 == r2 == r3:
                continue
            word = rng.choice(patterns).replace("1", r1).replace("2", r2).replace("3", r3)
            if word not in self._seen_ar and not word.startswith("ال"):
                return word


def _zipf(n: int) -> list[float]:
    """Cumulative Zipf-like weights 1/(rank+5) for random.choices(cum_weights=...)."""
    total, out = 0.0, []
    for rank in range(n):
        total += 1.0 / (rank + 5)
        out.append(total)
    return out


# --------------------------------------------------------------------------------------------
# Concepts
# --------------------------------------------------------------------------------------------


class Plan:
    """Which words concept ``i`` gets: a bijection, so that every concept's words differ.

    Concepts are split by term length with a fixed, shuffled pattern of 100 slots
    (:data:`LENGTH_SHARES`). Within a length class, rank ``r`` is mapped by an affine
    permutation ``r → (a·r + b) mod C`` of the class's capacity ``C`` and decoded into the
    words that make the term unique:

    * 1 word: any word (C = V);
    * 2 words: any word + a real head noun other than it (C = (V−1)·H);
    * 3–5 words: any word + a real word other than it (C = (V−1)·R); the rest (more
      modifiers, then the head noun) are drawn with a Zipf skew towards real AI words.

    So every multi-word term has one rare word (mostly a compound or pseudo-word) among
    common real ones, like real terminology (Sparse Hypertokenization Quantization).
    """

    def __init__(self, n: int, seed: int, vocab: Vocab) -> None:
        rng = random.Random(f"gloss-plan:{seed}")
        self.n = n
        self.pattern = [k for k, share in LENGTH_SHARES.items() for _ in range(share)]
        rng.shuffle(self.pattern)
        self.period = len(self.pattern)
        self.per_period = {k: self.pattern.count(k) for k in LENGTH_SHARES}
        self.occurrence = []
        seen: dict[int, int] = {}
        for k in self.pattern:
            self.occurrence.append(seen.get(k, 0))
            seen[k] = seen.get(k, 0) + 1
        v, h, r = vocab.size, len(vocab.real_nouns), len(vocab.real)
        capacity = {1: v, 2: (v - 1) * h, 3: (v - 1) * r, 4: (v - 1) * r, 5: (v - 1) * r}
        self.perm: dict[int, tuple[int, int, int]] = {}
        for k, cap in capacity.items():
            needed = self.count(k)
            if needed > cap:
                raise SystemExit(
                    f"{n} concepts need {needed} distinct {k}-word terms but the vocabulary "
                    f"allows {cap}; raise --vocab"
                )
            a = int(cap * 0.6180339887498949) | 1
            while math.gcd(a, cap) != 1:
                a += 2
            self.perm[k] = (a, rng.randrange(cap), cap)

    def count(self, k: int) -> int:
        """How many of the n concepts have k-word terms."""
        full, rest = divmod(self.n, self.period)
        return full * self.per_period[k] + self.pattern[:rest].count(k)

    def length_and_rank(self, i: int) -> tuple[int, int]:
        block, slot = divmod(i, self.period)
        k = self.pattern[slot]
        return k, block * self.per_period[k] + self.occurrence[slot]


def concept_words(i: int, plan: Plan, vocab: Vocab, rng: random.Random) -> list[int]:
    """Word indices of concept ``i``'s term in English order (modifiers…, head)."""
    k, r = plan.length_and_rank(i)
    a, b, cap = plan.perm[k]
    x = (a * r + b) % cap
    if k == 1:
        return [x]
    if k == 2:
        m, h = divmod(x, len(vocab.real_nouns))
        head = vocab.real_nouns[h]
        return [m if m < head else m + 1, head]
    m, real = divmod(x, len(vocab.real))  # real words are vocabulary indices 0 … R−1
    words = [m if m < real else m + 1, real]
    taken = set(words)
    for _ in range(k - 3):  # free modifiers
        while True:
            if rng.random() < 0.8:
                w = vocab.real[_choose(rng, vocab.real_weights)]
            else:
                w = rng.randrange(vocab.size)
            if w not in taken:
                break
        taken.add(w)
        words.append(w)
    while True:  # head noun
        if rng.random() < 0.85:
            w = vocab.real_nouns[_choose(rng, vocab.real_noun_weights)]
        else:
            w = vocab.nouns[rng.randrange(len(vocab.nouns))]
        if w not in taken:
            break
    words.append(w)
    return words


def _choose(rng: random.Random, cum_weights: list[float]) -> int:
    return bisect.bisect(cum_weights, rng.random() * cum_weights[-1])


def _definition_bn(rng: random.Random, term_words: list[str]) -> str:
    return _definition(rng, term_words, BN_OPENERS_W, BN_BODY_W, BN_VERBS_W, BN_EXAMPLE, "bn")


def _definition_ar(rng: random.Random, term_words: list[str]) -> str:
    return _definition(rng, term_words, AR_OPENERS_W, AR_BODY_W, AR_VERBS_W, AR_EXAMPLE, "ar")


def _definition(
    rng: random.Random,
    term_words: list[str],
    openers: list[list[str]],
    body: list[str],
    verbs: list[list[str]],
    example: str,
    lang: str,
) -> str:
    """A definition of 12–30 words: opener, clause, comma, clause, full stop."""
    length = int(rng.triangular(12, 31, 20))
    opener, v1, v2 = rng.choice(openers), rng.choice(verbs), rng.choice(verbs)
    ex: list[str] = []
    if rng.random() < P_EXAMPLE:
        x, y = rng.sample(EXAMPLES, 2)
        ex = [f"({example}", f"{x},", f"{y})"]
    n_body = max(2, length - len(opener) - len(v1) - len(v2) - len(ex) - (lang == "ar"))
    words = rng.choices(body, k=n_body)
    for w in rng.sample(term_words, min(len(term_words), 2)):
        words[rng.randrange(n_body)] = w
    cut = rng.randint(1, n_body - 1)
    first, second = words[:cut], words[cut:]
    if ex:
        at = rng.randint(1, len(second))
        second[at:at] = ex
    if lang == "bn":
        clause1 = [*opener, *first, *v1]
        clause1[-1] += ","
        out = [*clause1, *second, *v2]
        out[-1] += "।"
    else:
        clause1 = [*opener, *first]
        clause1[-1] += "،"
        out = [*clause1, "مما", *v1, *second]
        out[-1] += "."
    return " ".join(out)


BN_OPENERS_W = [_nfc(s).split() for s in BN_OPENERS]
BN_BODY_W = _nfc(BN_BODY).split()
BN_VERBS_W = [_nfc(s).split() for s in BN_VERBS]
AR_OPENERS_W = [_nfc(s).split() for s in AR_OPENERS]
AR_BODY_W = _nfc(AR_BODY).split()
AR_VERBS_W = [_nfc(s).split() for s in AR_VERBS]

_BRITISH = (
    ("ization", "isation"),
    ("izing", "ising"),
    ("ized", "ised"),
    ("izer", "iser"),
    ("yze", "yse"),
    ("neighbor", "neighbour"),
)


def _aliases(en_words: list[str], seps: list[str]) -> list[str]:
    """Other spellings of a headword: without hyphens, and in British spelling."""
    plain = " ".join(en_words)
    out = []
    if "-" in seps:
        out.append(plain)
    british = plain
    for us, gb in _BRITISH:
        british = british.replace(us, gb)
    if british != plain:
        out.append(british)
    return out


def _fullness(term: dict[str, Any]) -> tuple[int, int]:
    """How `gloss build` picks a headword among the English the sources give: most words,
    then longest (the first of equals)."""
    text = term["term"]
    return len(text.split()), len(text)


def _fold(text: str) -> str:
    """glossary_cli.normalize.fold of ASCII text: lower case, every other character a space."""
    return " ".join(re.sub(r"[^a-z0-9]+", " ", text.lower()).split())


def _unique_terms(terms: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Terms whose folded text is the same kept once, the first (glossary_cli.align)."""
    seen: dict[str, dict[str, Any]] = {}
    for t in terms:
        seen.setdefault(_fold(t["term"]), t)
    return list(seen.values())


def _paren_kind(x: float) -> str:
    for kind, p in P_PAREN_KIND:
        if x < p:
            return kind
        x -= p
    return P_PAREN_KIND[-1][0]


def make_chunk(
    c: int, n: int, seed: int, plan: Plan, vocab: Vocab
) -> tuple[list, list, list, list]:
    """Concepts [c·CHUNK, (c+1)·CHUNK): (record mappings, ar lines, bn lines, curation items)."""
    rng = random.Random(seed * 1_000_003 + c)
    start, stop = c * CHUNK, min(n, (c + 1) * CHUNK)
    records: list[dict[str, Any]] = []
    lines: dict[str, list[str]] = {"ar": [], "bn": []}
    curation: list[dict[str, Any]] = []
    rel = 0  # the line of the next curation item, counted from this chunk's first
    en_words_of, bn_of, title_of = vocab.en, vocab.bn, vocab.title
    ar_of, ar_al_of = vocab.ar, vocab.ar_al
    for i in range(start, stop):
        words = concept_words(i, plan, vocab, rng)
        k = len(words)
        seps = (
            [("-" if rng.random() < P_HYPHEN else " ") for _ in range(k - 2)] + [" "]
            if k > 1
            else []
        )
        en_parts, bn_parts = [title_of[words[0]]], [bn_of[words[0]]]
        for sep, w in zip(seps, words[1:], strict=True):
            en_parts += (sep, title_of[w])
            bn_parts += (sep, bn_of[w])
        en = "".join(en_parts)
        bn_term = "".join(bn_parts)
        head = words[-1]
        ar_words = [ar_al_of[head] if rng.random() < P_AR_HEAD_ARTICLE else ar_of[head]]
        ar_words += [ar_al_of[w] for w in reversed(words[:-1])]
        ar_term = " ".join(ar_words)
        abbr = "".join(title_of[w][0] for w in words) if k >= 2 else None

        x = rng.random()  # drawn for every concept, to keep the random stream stable
        kind = _paren_kind(x) if abbr is not None else "en"
        gives = {"ar": rng.random() < P_PAREN_SIDE, "bn": rng.random() < P_PAREN_SIDE}
        paren = en if kind == "en" else abbr if kind == "abbr" else f"{en} - {abbr}"

        defs = {
            "ar": _definition_ar(rng, [ar_al_of[w] for w in words]),
            "bn": _definition_bn(rng, [bn_of[w] for w in words]),
        }
        terms = {"ar": ar_term, "bn": bn_term}
        line = 3 + 2 * i
        sections: dict[str, dict[str, Any]] = {}
        source_names: list[dict[str, Any]] = []  # the English the files give, in file order
        source_abbrs: list[dict[str, Any]] = []
        source_en = source_abbr = False
        for lang in ("ar", "bn"):
            where = f"{FILES[lang]}:{line}"
            own: list[dict[str, Any]] = [{"term": terms[lang], "source": where}]
            if gives[lang]:
                lines[lang].append(f"{terms[lang]} ({paren})")
                if kind != "abbr":
                    source_names.append({"term": en, "source": where})
                    source_en = True
                if kind != "en":
                    abbreviation = {"term": abbr, "type": "abbreviation", "source": where}
                    own.append(abbreviation)
                    source_abbrs.append(dict(abbreviation))  # no YAML anchors
                    source_abbr = True
            else:
                lines[lang].append(terms[lang])
            lines[lang].append(defs[lang])
            sections[lang] = {
                "terms": own,
                "definitions": [{"text": defs[lang], "source": f"{FILES[lang]}:{line + 1}"}],
            }

        # The curation item, and the line (within this chunk's part of curation.yaml) of each
        # of its values, as yaml.dump lays a block-style item out: "- match:", "    bn: …",
        # then each key on a line, each list item on a line of its own.
        item: dict[str, Any] = {}
        item_line = rel
        at = rel + 2
        curated: list[dict[str, Any]] = []
        if not source_en:
            item["en"] = en
            curated.append(
                {"term": en, "status": "preferred", "origin": "curated",
                 "source": _CURATED.format(at)}
            )  # fmt: skip
            at += 1
        english = curated or ([max(source_names, key=_fullness)] if source_names else [])
        english += source_names + source_abbrs
        if not source_abbr and abbr and rng.random() < P_CURATED_ABBR:
            item["abbr"] = [abbr]
            english.append(
                {"term": abbr, "type": "abbreviation", "origin": "curated",
                 "source": _CURATED.format(at + 1)}
            )  # fmt: skip
            at += 2
        if rng.random() < P_ALIASES:
            aliases = _aliases([en_words_of[w] for w in words], seps)
            if aliases:
                item["aliases"] = list(aliases)
                english += [
                    {"term": a, "origin": "curated", "source": _CURATED.format(at + 1 + k)}
                    for k, a in enumerate(aliases)
                ]
                at += 1 + len(aliases)
        notes = []
        if rng.random() < P_NOTE:
            notes = [rng.choice(NOTES)]
            item["notes"] = notes
            at += 2
        record: dict[str, Any] = {"id": "-".join(en_words_of[w] for w in words)}
        if notes:
            record["notes"] = notes
        record["languages"] = {"en": {"terms": _unique_terms(english)}, **sections}
        provenance = [f"{FILES['ar']}:{line}", f"{FILES['bn']}:{line}"]
        if item:
            provenance.append(_CURATED.format(item_line))
            curation.append({"match": {"bn": bn_term}, **item})
            rel = at
        record["provenance"] = provenance
        records.append(record)
    return records, lines["ar"], lines["bn"], curation


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------

_STATE: dict[str, Any] = {}  # set before the worker pool forks


def _placed(body: bytes | None, first_line: int) -> bytes:
    """A chunk's records with the curation lines put in (see :data:`_CURATED`)."""
    if body is None:
        return b""
    return _CURATED_RE.sub(lambda m: b"curation.yaml:%d" % (first_line + int(m.group(1))), body)


def _work(c: int) -> tuple[bytes | None, bytes, bytes, bytes | None]:
    s = _STATE
    records, ar, bn, curation = make_chunk(c, s["n"], s["seed"], s["plan"], s["vocab"])
    body = yaml.dump(records, **DUMP).encode() if s["yaml"] else None
    # dumped whenever there are items: the line count places the next chunk's curated terms
    cur = yaml.dump(curation, **DUMP).encode() if curation else None
    return body, "".join(x + "\n" for x in ar).encode(), "".join(x + "\n" for x in bn).encode(), cur


def sources_mapping(n: int, digests: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "file": FILES[lang],
            "lang": lang,
            "title": TITLES[lang][0],
            "subtitle": TITLES[lang][1],
            "entries": n,
            "sha256": digests[lang],
        }
        for lang in ("ar", "bn")
    ]


def generate(n: int, out: Path, seed: int, vocab_size: int, fmt: str, jobs: int) -> dict[str, Any]:
    t0 = time.perf_counter()
    vocab = Vocab(vocab_size, seed)
    plan = Plan(n, seed, vocab)
    t_vocab = time.perf_counter() - t0
    want_yaml, want_seed = fmt in ("yaml", "both"), fmt in ("seed", "both")
    _STATE.update(n=n, seed=seed, plan=plan, vocab=vocab, yaml=want_yaml, seed_files=want_seed)

    out.mkdir(parents=True, exist_ok=True)
    if want_seed:
        (out / "sources").mkdir(exist_ok=True)
    hashes = {lang: hashlib.sha256() for lang in FILES}
    files: dict[str, Any] = {}
    if want_seed:
        for lang, name in FILES.items():
            files[lang] = open(out / "sources" / name, "wb")
        files["cur"] = open(out / "curation.yaml", "wb")
        files["cur"].write((CURATION_HEADER + "concepts:").encode())
    body_path = out / ".concepts.yaml.body.tmp"
    if want_yaml:
        files["body"] = open(body_path, "wb")

    for lang in FILES:
        header = ("\n".join(TITLES[lang]) + "\n").encode()
        hashes[lang].update(header)
        if want_seed:
            files[lang].write(header)

    chunks = range(math.ceil(n / CHUNK))
    curated_items = 0
    next_line = CURATION_FIRST_LINE  # where the next chunk's curation items start
    pool = None
    if jobs > 1 and len(chunks) > 1:
        pool = multiprocessing.get_context("fork").Pool(jobs)
        results = pool.imap(_work, chunks)
    else:
        results = map(_work, chunks)
    try:
        for done, (body, ar, bn, cur) in enumerate(results, 1):
            for lang, data in (("ar", ar), ("bn", bn)):
                hashes[lang].update(data)
                if want_seed:
                    files[lang].write(data)
            if want_yaml:
                files["body"].write(_placed(body, next_line))
            next_line += cur.count(b"\n") if cur else 0
            if want_seed and cur:
                if curated_items == 0:
                    files["cur"].write(b"\n")
                files["cur"].write(cur)
                curated_items += 1
            if sys.stderr.isatty():
                print(f"\r{min(done * CHUNK, n)}/{n} concepts", end="", file=sys.stderr)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
        if sys.stderr.isatty():
            print(file=sys.stderr)
    if want_seed:
        if curated_items == 0:
            files["cur"].write(b" []\n")
        for f in (files["ar"], files["bn"], files["cur"]):
            f.close()

    digests = {lang: h.hexdigest() for lang, h in hashes.items()}
    if want_yaml:
        files["body"].close()
        head = {"schema_version": SCHEMA_VERSION, "sources": sources_mapping(n, digests)}
        with open(out / "concepts.yaml", "wb") as f:
            f.write(RECORDS_HEADER.encode())
            f.write(yaml.dump(head, **DUMP).encode())
            if n:
                f.write(b"concepts:\n")
                with open(body_path, "rb") as body_file:
                    shutil.copyfileobj(body_file, f, 1 << 20)
            else:
                f.write(b"concepts: []\n")
        body_path.unlink()
    return {
        "seconds": time.perf_counter() - t0,
        "vocab_seconds": t_vocab,
        "vocab_words": vocab.size,
        "files": {
            p.relative_to(out).as_posix(): p.stat().st_size
            for p in sorted(out.rglob("*"))
            if p.is_file()
            and (
                p.name == "concepts.yaml" or p.parent.name == "sources" or p.name == "curation.yaml"
            )
        },
    }


# --------------------------------------------------------------------------------------------
# Verification (small N)
# --------------------------------------------------------------------------------------------


def _place(value: Any, first_line: int) -> Any:
    """A record mapping with the curation lines put in (see :data:`_CURATED`)."""
    if isinstance(value, dict):
        return {k: _place(v, first_line) for k, v in value.items()}
    if isinstance(value, list):
        return [_place(v, first_line) for v in value]
    if isinstance(value, str) and value.startswith("curation.yaml:@@"):
        return f"curation.yaml:{first_line + int(value[16:-2])}"
    return value


def verify(out: Path, n: int, seed: int, vocab_size: int, fmt: str) -> list[str]:
    """Check the files in ``out`` against an unchunked, in-memory build. Returns a report."""
    report = []
    vocab = Vocab(vocab_size, seed)
    plan = Plan(n, seed, vocab)
    records: list[dict[str, Any]] = []
    curation: list[dict[str, Any]] = []
    seed_text = {lang: "\n".join(TITLES[lang]) + "\n" for lang in FILES}
    first_line = CURATION_FIRST_LINE
    for c in range(math.ceil(n / CHUNK)):
        r, ar, bn, cur = make_chunk(c, n, seed, plan, vocab)
        records += _place(r, first_line)
        first_line += yaml.dump(cur, **DUMP).count("\n") if cur else 0
        curation += cur
        seed_text["ar"] += "".join(x + "\n" for x in ar)
        seed_text["bn"] += "".join(x + "\n" for x in bn)
    digests = {lang: hashlib.sha256(t.encode()).hexdigest() for lang, t in seed_text.items()}
    mapping = {
        "schema_version": SCHEMA_VERSION,
        "sources": sources_mapping(n, digests),
        "concepts": records,
    }

    ids = {r["id"] for r in records}
    ens = {r["languages"]["en"]["terms"][0]["term"] for r in records}
    assert len(ids) == n, "duplicate ids"
    assert len(ens) == n, "duplicate English headwords"
    for lang in FILES:
        assert len({r["languages"][lang]["terms"][0]["term"].casefold() for r in records}) == n, (
            f"duplicate {lang} terms"
        )
    assert all(i.isascii() for i in ids)
    report.append(f"unique: {n} ids, {n} English headwords, {n} bn and {n} ar terms")

    if fmt in ("yaml", "both"):
        text = (out / "concepts.yaml").read_text(encoding="utf-8")
        whole = RECORDS_HEADER + yaml.dump(mapping, **DUMP)
        assert text == whole, "chunked concepts.yaml differs from an unchunked dump"
        report.append("concepts.yaml == one unchunked CSafeDumper dump: yes")
        pure = RECORDS_HEADER + yaml.safe_dump(
            mapping, allow_unicode=True, sort_keys=False, default_flow_style=False, width=1_000_000
        )
        report.append(
            "concepts.yaml == yaml.safe_dump (pure-Python emitter): "
            + ("yes" if text == pure else "NO")
        )
        loaded = yaml.load(text, Loader=yaml.CSafeLoader)
        assert loaded == mapping, "CSafeLoader does not give back the mapping"
        report.append("yaml.load(CSafeLoader) == generated mapping: yes")
        try:
            from glossary_cli.records import glossary_from_mapping, glossary_to_mapping
        except ImportError as exc:
            report.append(f"glossary_cli.records: not importable ({exc}); set PYTHONPATH")
        else:
            glossary = glossary_from_mapping(loaded)
            assert glossary_to_mapping(glossary) == mapping, (
                "records round trip changes the mapping"
            )
            report.append(
                f"glossary_from_mapping → {len(glossary.concepts)} concepts, round trip equal: yes"
            )
    if fmt in ("seed", "both"):
        for lang, name in FILES.items():
            assert (out / "sources" / name).read_text(encoding="utf-8") == seed_text[lang]
        cur = yaml.load(
            (out / "curation.yaml").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader
        )
        assert cur == {"concepts": curation}, "curation.yaml differs"
        report.append(f"sources/*.txt and curation.yaml ({len(curation)} items) as expected: yes")
    if fmt == "both":
        report.append(_verify_build(out))
    return report


def _verify_build(out: Path) -> str:
    """Run glossary_cli.build.build_records on ``out`` (needs the package's dependencies)."""
    try:
        from glossary_cli.build import build_records
    except ImportError as exc:
        return f"gloss build: skipped ({exc})"
    try:
        result = build_records(out)
    except Exception as exc:  # the package is work in progress: report, do not fail
        return f"gloss build: failed: {type(exc).__name__}: {exc}"
    text = (out / "concepts.yaml").read_text(encoding="utf-8")
    same = result.text == text
    detail = ""
    if not same:
        a, b = result.text.splitlines(), text.splitlines()
        first = next(
            (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
        )
        build_line, file_line = a[first : first + 1], b[first : first + 1]
        detail = f" (first difference at line {first + 1}: build {build_line} vs file {file_line})"
    return (
        f"gloss build on DIR reproduces concepts.yaml: {'yes' if same else 'NO'}{detail}; "
        f"{len(result.warnings)} warning(s)"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--concepts", "-n", type=int, required=True, help="number of concepts")
    ap.add_argument("--out", "-o", type=Path, required=True, help="output directory")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--format", choices=("seed", "yaml", "both"), default="both")
    ap.add_argument("--vocab", type=int, default=80_000, help="vocabulary size (default 80000)")
    ap.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=min(2, os.cpu_count() or 1),
        help="worker processes (default: min(2, CPUs)); does not change the output",
    )
    ap.add_argument("--verify", action="store_true", help="check the output (small N only)")
    args = ap.parse_args(argv)
    if args.concepts < 0:
        ap.error("--concepts must be >= 0")
    info = generate(args.concepts, args.out, args.seed, args.vocab, args.format, args.jobs)
    print(
        f"{args.concepts} concepts in {info['seconds']:.1f} s "
        f"(vocabulary of {info['vocab_words']} words: {info['vocab_seconds']:.1f} s) → {args.out}"
    )
    for name, size in info["files"].items():
        print(f"  {name:<20} {size / 1e6:10.1f} MB")
    if args.verify:
        if args.concepts > 50_000:
            print(
                "--verify builds everything in memory; skipped above 50000 concepts",
                file=sys.stderr,
            )
            return 1
        t = time.perf_counter()
        for line in verify(args.out, args.concepts, args.seed, args.vocab, args.format):
            print("  check:", line)
        print(f"  checks took {time.perf_counter() - t:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
