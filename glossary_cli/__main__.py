"""``python -m glossary_cli`` runs the ``gloss`` command."""

from glossary_cli.cli import main

if __name__ == "__main__":
    main()
