#!/usr/bin/env python3
"""Validates vcaudit's JSON Schemas with an independent validator (python-jsonschema), as CI runs it.

Every example and valid spec under Examples/ and Specs/valid/ must pass Schemas/vcaudit-spec.schema.json, every
.vcaudit.yml Schemas/vcaudit-config.schema.json, and typical mistakes (an unknown key, a wrong type, an unknown
step) must fail. Needs: pip install jsonschema pyyaml.
"""
import copy
import glob
import json
import os
import sys

import yaml
from jsonschema import Draft202012Validator

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
os.chdir(root)
spec_schema = json.load(open("Schemas/vcaudit-spec.schema.json"))
config_schema = json.load(open("Schemas/vcaudit-config.schema.json"))
Draft202012Validator.check_schema(spec_schema)
Draft202012Validator.check_schema(config_schema)
spec_validator = Draft202012Validator(spec_schema)
config_validator = Draft202012Validator(config_schema)


def load(path):
    # YAML 1.1 booleans (yes, on) are not booleans in vcaudit's YAML 1.2 reader; keep them strings.
    class Loader(yaml.SafeLoader):
        pass
    Loader.yaml_implicit_resolvers = {k: [r for r in v if r[0] != "tag:yaml.org,2002:bool"] for k, v in
                                      yaml.SafeLoader.yaml_implicit_resolvers.items()}
    Loader.add_implicit_resolver("tag:yaml.org,2002:bool", __import__("re").compile(r"^(?:true|false)$"), list("tf"))
    with open(path) as f:
        return yaml.load(f, Loader=Loader)


failures = []
checked = 0
for path in sorted(glob.glob("Examples/**/*.yaml", recursive=True) + glob.glob("Specs/valid/**/*.yaml", recursive=True)):
    document = load(path)
    if not isinstance(document, dict) or "vcaudit" not in document:
        continue
    checked += 1
    for error in spec_validator.iter_errors(document):
        failures.append(f"{path}: {'/'.join(map(str, error.absolute_path))}: {error.message[:200]}")
every_key = {"disabled_rules": ["pop_root"], "severities": {"present_while_presenting": "error"}, "included": ["Specs/**/*.yaml"],
             "excluded": ["**/Drafts"], "devices": ["iphone", "ipad"], "strict": True, "baseline": "vcaudit-baseline.json", "explore": 4}
checked += 1
for error in config_validator.iter_errors(every_key):
    failures.append(f"a configuration with every key: {error.message[:200]}")
for path in sorted(glob.glob("**/.vcaudit.yml", recursive=True)):
    checked += 1
    for error in config_validator.iter_errors(load(path) or {}):
        failures.append(f"{path}: {error.message[:200]}")

# Typical mistakes must be rejected.
base = load("Examples/Wonderland/wonderland.yaml")
mistakes = {
    "an unknown top-level key": lambda d: d.update({"controler": {}}),
    "an unknown controller key": lambda d: d["controllers"]["tabs"].update({"childs": []}),
    "a wrong type": lambda d: d.update({"ios": "seventeen"}),
    "an unknown step": lambda d: d["scenarios"][0]["steps"].append({"pushh": {"nav": "homeNav", "vc": "home"}}),
    "a step with two keys": lambda d: d["scenarios"][0]["steps"].append({"pop": "homeNav", "push": {"nav": "homeNav", "vc": "home"}}),
    "an unknown step argument": lambda d: d["scenarios"][0]["steps"].append({"present": {"on": "tabs", "vc": "home"}}),
    "a key in both its spellings": lambda d: d["scenarios"][0]["steps"].append({"present": {"from": "tabs", "by": "tabs", "vc": "home"}}),
    "an unknown presentation style": lambda d: d["controllers"]["tabs"].update({"modalPresentationStyle": "sheet"}),
    "an unknown rule in ignore": lambda d: d["scenarios"][0].update({"ignore": [{"rule": "no_such_rule", "reason": "x"}]}),
}
for name, mutate in mistakes.items():
    document = copy.deepcopy(base)
    mutate(document)
    if spec_validator.is_valid(document):
        failures.append(f"the spec schema accepts {name}")
# Another spelling of a key (the word the same role has elsewhere) is accepted.
aliases = {
    "present: {by, vc}": lambda d: d["scenarios"][0]["steps"].append({"present": {"by": "tabs", "vc": "home"}}),
    "expect: presented: {from, vc}": lambda d: d["scenarios"][0]["steps"].append({"expect": {"presented": {"from": "tabs", "vc": None}}}),
}
for name, mutate in aliases.items():
    document = copy.deepcopy(base)
    mutate(document)
    for error in spec_validator.iter_errors(document):
        failures.append(f"the spec schema rejects {name}: {error.message[:200]}")
for name, document in {"an unknown key": {"disabled_rule": []}, "an unknown rule": {"only_rules": ["nope"]},
                       "a wrong type": {"strict": "yes please"}}.items():
    if config_validator.is_valid(document):
        failures.append(f"the config schema accepts {name}")

for failure in failures:
    print("schema:", failure)
print(f"schema: {checked} files checked against Schemas/, {len(mistakes) + 3} mistakes tried: "
      + ("ok" if not failures else f"{len(failures)} failures"))
sys.exit(1 if failures else 0)
