"""Glossary terms in running text: :mod:`~glossary_cli.text.scan` finds them."""
