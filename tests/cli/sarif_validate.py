#!/usr/bin/env python3
"""Validates SARIF files against the SARIF 2.1.0 JSON schema.

usage: sarif_validate.py SCHEMA FILE...

Exit 0 when every FILE is valid, 1 with one line per violation otherwise,
2 when python3-jsonschema is missing (scripts/setup installs it). Formats
("uri", "date-time") are checked where the installed checkers can
(python3-rfc3987 for URIs).
"""
import json
import sys


def main(argv):
    try:
        import jsonschema
    except ImportError:
        print("sarif_validate: python3-jsonschema is not installed (scripts/setup installs it)")
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    bad = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            log = json.load(f)
        for error in sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path)):
            where = "/".join(str(p) for p in error.absolute_path)
            print(f"{path}: /{where}: {error.message}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    sys.exit(main(sys.argv))
