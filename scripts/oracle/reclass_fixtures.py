#!/usr/bin/env python3
"""Writes the small reclass test inventories under crates/halite-reclass/tests/inventories/.

Each inventory shows one behaviour. Run this, then reclass_record.py (with the reclass-rs
venv python) to record the oracle's outputs next to them.
"""
import os
import shutil
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "crates", "halite-reclass", "tests", "inventories")

INVENTORIES = {
    "basic": {
        "nodes/n1.yml": """
classes:
  - common
  - web
applications:
  - nginx
parameters:
  host: n1
""",
        "classes/common.yml": """
applications:
  - base
parameters:
  ntp: pool.ntp.org
  users:
    admin: 1
""",
        "classes/web.yml": """
applications:
  - nginx
  - php
parameters:
  port: 80
  users:
    www: 2
""",
    },
    "class_order_postorder": {
        "nodes/n1.yml": "classes: [alpha, beta]\nparameters:\n  order: [node]\n",
        "classes/alpha.yml": "classes: [alpha_one, alpha_two]\nparameters:\n  order: [alpha]\n  who: alpha\n",
        "classes/alpha_one.yml": "classes: [alpha_one_leaf]\nparameters:\n  order: [alpha_one]\n  who: alpha_one\n",
        "classes/alpha_one_leaf.yml": "parameters:\n  order: [alpha_one_leaf]\n  who: leaf\n",
        "classes/alpha_two.yml": "parameters:\n  order: [alpha_two]\n",
        "classes/beta.yml": "classes: [beta_one]\nparameters:\n  order: [beta]\n",
        "classes/beta_one.yml": "parameters:\n  order: [beta_one]\n  who: beta_one\n",
    },
    "dotted_class_dirs": {
        "nodes/n1.yml": "classes: [foo.bar, foo.baz.qux, top]\n",
        "classes/foo/bar.yml": "parameters:\n  bar: 1\n",
        "classes/foo/baz/qux.yaml": "parameters:\n  qux: 2\n",
        "classes/top.yml": "parameters:\n  top: 3\n",
    },
    "init_yml": {
        "nodes/n1.yml": "classes: [app, app.extra]\n",
        "classes/app/init.yml": "classes: [.common]\nparameters:\n  app: init\n",
        "classes/app/extra.yml": "classes: [.helper]\nparameters:\n  extra: true\n",
        "classes/app/helper.yml": "parameters:\n  helper: app.helper\n",
        "classes/common.yml": "parameters:\n  common: top-level\n",
    },
    "relative_classes": {
        "nodes/n1.yml": "classes: [apps.web, .plain]\n",
        "classes/apps/web.yml": "classes: [.base, ..shared, ....shared2]\nparameters:\n  web: 1\n",
        "classes/apps/base.yml": "parameters:\n  base: apps.base\n",
        "classes/shared.yml": "parameters:\n  shared: 1\n",
        "classes/shared2.yml": "parameters:\n  shared2: 1\n",
        "classes/plain.yml": "parameters:\n  plain: 1\n",
    },
    "class_visited_once": {
        "nodes/n1.yml": "classes: [a, b, common]\n",
        "classes/a.yml": "classes: [common]\nparameters:\n  v: a\n  l: [a]\n",
        "classes/b.yml": "classes: [common]\nparameters:\n  v: b\n  l: [b]\n",
        "classes/common.yml": "parameters:\n  v: common\n  l: [common]\n",
    },
    "node_overrides_class": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  a: node\n  d:\n    x: node\n",
        "classes/c.yml": "parameters:\n  a: class\n  b: class\n  d:\n    x: class\n    y: class\n",
    },
    "deep_merge": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  top:\n    mid:\n      leaf3: n\n",
        "classes/one.yml": "parameters:\n  top:\n    mid:\n      leaf1: 1\n      deeper: {a: 1}\n    other: x\n",
        "classes/two.yml": "parameters:\n  top:\n    mid:\n      leaf2: 2\n      deeper: {b: 2}\n  second: {k: v}\n",
    },
    "list_extend": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  pkgs: [node]\n  nested:\n    l: [3]\n",
        "classes/one.yml": "parameters:\n  pkgs: [a, b]\n  nested:\n    l: [1]\n",
        "classes/two.yml": "parameters:\n  pkgs: [b, c]\n  nested:\n    l: [2]\n",
    },
    "null_erases": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  d2: {fresh: 1}\n",
        "classes/one.yml": "parameters:\n  d: {a: 1}\n  l: [1]\n  s: text\n  d2: {old: 1}\n",
        "classes/two.yml": "parameters:\n  d: ~\n  l: null\n  s: null\n  d2: null\n",
    },
    "tilde_override": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  ~list: [node]\n",
        "classes/one.yml": "parameters:\n  dict: {a: 1, b: 2}\n  list: [1, 2]\n  scalar2dict: text\n",
        "classes/two.yml": "parameters:\n  ~dict: {c: 3}\n  ~scalar2dict: {now: dict}\n",
    },
    "tilde_override_nested": {
        "nodes/n1.yml": "classes: [one, two, three]\n",
        "classes/one.yml": "parameters:\n  svc:\n    opts: {a: 1}\n    keep: yes\n",
        "classes/two.yml": "parameters:\n  svc:\n    ~opts: {b: 2}\n  fresh:\n    ~inner: {x: 1}\n",
        "classes/three.yml": "parameters:\n  svc:\n    opts: {c: 3}\n  fresh:\n    inner: {y: 2}\n",
    },
    "app_negation": {
        "nodes/n1.yml": "classes: [one, two]\napplications:\n  - ~b\n  - d\n",
        "classes/one.yml": "applications: [~late, a, b, c]\n",
        "classes/two.yml": "applications: [~a, late, c, e]\n",
    },
    "ref_simple": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  target: ${a:b:c}\n  top: ${plain}\n",
        "classes/c.yml": "parameters:\n  plain: hello\n  a:\n    b:\n      c: deep\n",
    },
    "ref_chain": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  one: ${two}\n  two: ${three}\n",
        "classes/c.yml": "parameters:\n  three: ${four:x}\n  four:\n    x: ${five}\n  five: end\n",
    },
    "ref_embedded": {
        "nodes/n1.yml": """
parameters:
  name: web
  port: 8080
  flag: true
  off: false
  ratio: 2.0
  nothing: ~
  dict: {zeta: 1, mid: {q: 7}, alpha: [1, 2.5, x]}
  list: [1, two, {k: v}]
  s1: "http://${name}:${port}/"
  s2: "flag=${flag} off=${off} ratio=${ratio} nothing=${nothing}"
  s3: "dict=${dict}"
  s4: "list=${list}"
  s5: ${name}${port}
""",
        "classes/.keep.yml": "",
    },
    "ref_whole_keeps_type": {
        "nodes/n1.yml": """
parameters:
  i: 5432
  b: true
  n: null
  f: 1.5
  d: {a: 1, b: [x]}
  l: [1, 2]
  ri: ${i}
  rb: ${b}
  rn: ${n}
  rf: ${f}
  rd: ${d}
  rl: ${l}
""",
        "classes/.keep.yml": "",
    },
    "ref_in_list": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  name: srv\n",
        "classes/c.yml": """
parameters:
  hosts:
    - ${name}-1
    - ${name}-2
    - host: "${name}"
      port: ${port}
    - ${ports}
  port: 22
  ports: [1, 2]
""",
    },
    "ref_escapes": {
        "nodes/n1.yml": r"""
parameters:
  x: value
  escaped: \${x}
  double: \\${x}
  dollar: $${x}
  inv_query: $[ exports:ip ]
  inv_escaped: \$[ exports:ip ]
  plain_backslash: a\b
  close: '${x}\}'
  in_ref: '${x\}y::dflt}'
  dbl_close: '\\}'
  mixed: 'pre \${x} ${x} post'
""",
        "classes/.keep.yml": "",
    },
    "ref_nested": {
        "nodes/n1.yml": """
parameters:
  which: b
  sel: ${choices:${which}}
  deeper: ${choices:${keys:${which}}}
  choices: {a: first, b: second, c: third}
  keys: {b: c}
""",
        "classes/.keep.yml": "",
    },
    "ref_to_merged_dict": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  copy: ${conf}\n  leaf: ${conf:b}\n",
        "classes/one.yml": "parameters:\n  conf: {a: 1, b: one}\n",
        "classes/two.yml": "parameters:\n  conf:\n    b: two\n    c: ${extra}\n  extra: e\n",
    },
    "ref_then_merge": {
        "nodes/n1.yml": "classes: [one, two]\n",
        "classes/one.yml": "parameters:\n  base: {x: 1, y: 2}\n  derived: ${base}\n",
        "classes/two.yml": "parameters:\n  derived: {z: 3}\n  lst: ${base_list}\n  base_list: [a]\n",
    },
    "soft_params": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  _version: '2.0'\n",
        "classes/c.yml": "parameters:\n  _version: '1.0'\n  _internal: {x: 1}\n  image: app:${_version}\n  copy: ${_internal}\n",
    },
    "reclass_meta": {
        "nodes/n1.yml": "parameters:\n  me: ${_reclass_:name:short}\n  env: ${_reclass_:environment}\n  all: ${_reclass_}\n",
        "classes/.keep.yml": "",
    },
    "ref_circular": {
        "nodes/n1.yml": "parameters:\n  a: ${b}\n  b: ${c}\n  c: ${a}\n  ok: 1\n",
        "classes/.keep.yml": "",
    },
    "ref_circular_self": {
        "nodes/n1.yml": "parameters:\n  x:\n    y: ${x:y}\n",
        "classes/.keep.yml": "",
    },
    "ref_undefined": {
        "nodes/n1.yml": "parameters:\n  svc:\n    port: ${ports:http}\n  ports: {https: 443}\n",
        "classes/.keep.yml": "",
    },
    "ref_undefined_in_list": {
        "nodes/n1.yml": "parameters:\n  l:\n    - ok\n    - ${nope}\n",
        "classes/.keep.yml": "",
    },
    "ref_undefined_overwritten": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  a: 1\n  m:\n    k: fine\n",
        "classes/c.yml": "parameters:\n  a: ${missing}\n  m:\n    k: ${missing:too}\n",
    },
    "ref_undefined_overwritten_strict": {
        "reclass-config.yml": "ignore_overwritten_missing_references: false\n",
        "nodes/n1.yml": "classes: [c]\nparameters:\n  a: 1\n",
        "classes/c.yml": "parameters:\n  a: ${missing}\n",
    },
    "ref_list_index": {
        "nodes/n1.yml": "parameters:\n  servers: [a, b]\n  first: ${servers:0}\n",
        "classes/.keep.yml": "",
    },
    "ref_through_scalar": {
        "nodes/n1.yml": "parameters:\n  s: text\n  bad: ${s:x}\n",
        "classes/.keep.yml": "",
    },
    "class_missing": {
        "nodes/n1.yml": "classes: [exists, nope]\n",
        "nodes/n2.yml": "classes: [exists]\n",
        "classes/exists.yml": "parameters:\n  a: 1\n",
    },
    "ignore_class_notfound": {
        "reclass-config.yml": "ignore_class_notfound: true\n",
        "nodes/n1.yml": "classes: [nope, exists, also.missing]\n",
        "classes/exists.yml": "parameters:\n  a: 1\n",
    },
    "ignore_class_notfound_regexp": {
        "reclass-config.yml": "ignore_class_notfound: true\nignore_class_notfound_regexp: ['^opt\\.', 'service\\..*']\n",
        "nodes/n1.yml": "classes: [opt.x, service.y, exists]\n",
        "nodes/n2.yml": "classes: [opt.x, required]\n",
        "classes/exists.yml": "parameters:\n  a: 1\n",
    },
    "class_mappings": {
        "reclass-config.yml": """
class_mappings:
  - '* common'
  - 'web* role.web'
  - '/^db(\\d+)$/ role.db dc.\\\\1'
  - '\\*.example.org example'
""",
        "nodes/web1.yml": "parameters:\n  me: web1\n",
        "nodes/db7.yml": "classes: [extra]\n",
        "classes/common.yml": "parameters:\n  common: true\n  who: common\n",
        "classes/role/web.yml": "parameters:\n  role: web\n",
        "classes/role/db.yml": "parameters:\n  role: db\n",
        "classes/dc/7.yml": "parameters:\n  dc: seven\n",
        "classes/extra.yml": "parameters:\n  who: extra\n",
        "classes/example.yml": "parameters:\n  example: 1\n",
    },
    "class_mappings_match_path": {
        "reclass-config.yml": "class_mappings_match_path: true\nclass_mappings:\n  - 'prod/* env.prod'\n",
        "nodes/prod/n1.yml": "parameters:\n  a: 1\n",
        "nodes/n2.yml": "parameters:\n  a: 2\n",
        "classes/env/prod.yml": "parameters:\n  env: prod\n",
    },
    "compose_node_name": {
        "reclass-config.yml": "compose_node_name: true\n",
        "nodes/a/b/n1.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "nodes/top.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "nodes/_hidden/deep/n2.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "nodes/x/dotted.name.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "classes/.keep.yml": "",
    },
    "compose_node_name_literal_dots": {
        "reclass-config.yml": "compose_node_name: true\nreclass_rs_compat_flags: [ComposeNodeNameLiteralDots]\n",
        "nodes/x/dotted.name.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "classes/.keep.yml": "",
    },
    "nested_nodes": {
        "nodes/group/sub/n1.yml": "parameters:\n  me: ${_reclass_:name}\n",
        "nodes/n2.yaml": "parameters:\n  me: ${_reclass_:name}\n",
        "classes/.keep.yml": "",
    },
    "duplicate_class": {
        "nodes/n1.yml": "classes: [foo.bar]\n",
        "classes/foo.bar.yml": "parameters:\n  a: 1\n",
        "classes/foo/bar.yml": "parameters:\n  a: 2\n",
    },
    "duplicate_node": {
        "nodes/n1.yml": "parameters:\n  a: 1\n",
        "nodes/n1.yaml": "parameters:\n  a: 2\n",
        "classes/.keep.yml": "",
    },
    "bad_yaml_class": {
        "nodes/n1.yml": "classes: [broken]\n",
        "nodes/n2.yml": "parameters:\n  fine: true\n",
        "classes/broken.yml": "parameters:\n  a: [1, 2\n  b: 3\n",
    },
    "bad_yaml_node": {
        "nodes/n1.yml": "parameters:\n  a: b: c\n",
        "classes/.keep.yml": "",
    },
    "type_mismatch_scalar_over_dict": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  conf:\n    inner: text\n",
        "classes/c.yml": "parameters:\n  conf:\n    inner: {a: 1}\n",
    },
    "type_mismatch_dict_over_list": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  l: {a: 1}\n",
        "classes/c.yml": "parameters:\n  l: [1]\n",
    },
    "class_name_reference": {
        "nodes/n1.yml": "classes:\n  - base\n  - role.${role}\n  - ${late}\nparameters:\n  late: never.seen\n",
        "classes/base.yml": "parameters:\n  role: web\n  late: role.db\n",
        "classes/role/web.yml": "parameters:\n  role_loaded: web\n",
        "classes/role/db.yml": "parameters:\n  role_loaded2: db\n",
    },
    "yaml12_scalars": {
        "nodes/n1.yml": """
parameters:
  yes_: yes
  no_: no
  on_: on
  off_: off
  y_: y
  true_: true
  True_: True
  TRUE_: TRUE
  octal_old: 0755
  octal_new: 0o17
  hex: 0x1F
  underscore: 1_000
  sexagesimal: 1:20
  exp: 1e3
  float: 1.50
  date: 2024-01-02
  null_word: null
  tilde: ~
  empty:
  quoted: '123'
  neg: -7
  inf: .inf
""",
        "classes/.keep.yml": "",
    },
    "anchors_merge_keys": {
        "nodes/n1.yml": """
parameters:
  defaults: &defaults
    a: 1
    b: 2
  extra: &extra
    c: 3
  one:
    <<: *defaults
    b: 20
  two:
    <<: [*defaults, *extra]
  alias: *extra
""",
        "classes/.keep.yml": "",
    },
    "empty_files": {
        "nodes/n1.yml": "classes: [empty, nulls]\n",
        "nodes/n2.yml": "",
        "classes/empty.yml": "",
        "classes/nulls.yml": "classes:\napplications:\nparameters:\n",
    },
    "constant_keys": {
        "nodes/n1.yml": "classes: [one, two]\n",
        "classes/one.yml": "parameters:\n  =fixed: 1\n",
        "classes/two.yml": "parameters:\n  fixed: 2\n",
    },
    "constant_keys_ok": {
        "nodes/n1.yml": "classes: [one]\nparameters:\n  other: 2\n",
        "classes/one.yml": "parameters:\n  =fixed: 1\n  nested:\n    =c: x\n",
    },
    "ref_default_values": {
        "nodes/n1.yml": """
parameters:
  method: helm
  a: ${missing::fallback}
  b: ${conf:missing::42}
  c: ${conf:present::unused}
  d: ${missing::${method}}
  e: '${missing::{x: 1\}}'
  f: '${missing::[1, 2]}'
  g: ${missing::~}
  conf: {present: here}
""",
        "classes/.keep.yml": "",
    },
    "ref_default_bad": {
        "nodes/n1.yml": "parameters:\n  e: '${missing::{x: 1}}'\n",
        "classes/.keep.yml": "",
    },
    "null_as_none_flag": {
        "reclass-config.yml": "reclass_rs_compat_flags: [NestedReferenceNullAsNone]\n",
        "nodes/n1.yml": "parameters:\n  n: ~\n  s: 'value=${n}'\n",
        "classes/.keep.yml": "",
    },
    "environment_and_exports_ignored": {
        "nodes/n1.yml": "environment: prod\nclasses: [c]\nexports:\n  ip: 10.0.0.1\nparameters:\n  env: ${_reclass_:environment}\n",
        "classes/c.yml": "environment: dev\nparameters:\n  a: 1\n",
    },
    "keys_not_interpolated": {
        "nodes/n1.yml": "parameters:\n  k: key\n  '${k}': literal key\n  ' a ': spaced\n  b: ${ a }\n",
        "classes/.keep.yml": "",
    },
    "non_string_keys": {
        "nodes/n1.yml": "parameters:\n  ports:\n    80: http\n    443: https\n  flags:\n    true: yes\n  floats:\n    1.5: x\n",
        "classes/.keep.yml": "",
    },
    "unicode_and_multiline": {
        "nodes/n1.yml": "parameters:\n  greet: Grüße ✓\n  conf: {a: 1, b: [x]}\n  text: |\n    line1 ${greet}\n    conf=${conf}\n",
        "classes/.keep.yml": "",
    },
    "missing_classes_dir": {
        "nodes/n1.yml": "parameters:\n  a: 1\n",
    },
    "config_uris": {
        "reclass-config.yml": "nodes_uri: mynodes\nclasses_uri: myclasses\n",
        "mynodes/n1.yml": "classes: [c]\n",
        "myclasses/c.yml": "parameters:\n  found: true\n",
    },
    "layered_refs_override": {
        "nodes/n1.yml": "classes: [one, two, three]\nparameters:\n  pick: ${conf:mode}\n",
        "classes/one.yml": "parameters:\n  conf: {mode: a, opts: [1]}\n  modes: {a: alpha, b: beta}\n",
        "classes/two.yml": "parameters:\n  conf: {mode: b, opts: [2]}\n  resolved: ${modes:${conf:mode}}\n",
        "classes/three.yml": "parameters:\n  ~conf: {mode: a}\n",
    },
    "ref_to_layered_list": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  all: ${pkgs}\n  text: 'pkgs=${pkgs}'\n",
        "classes/one.yml": "parameters:\n  pkgs: [a]\n",
        "classes/two.yml": "parameters:\n  pkgs: [b]\n",
    },
    "many_nodes_inventory": {
        "nodes/a.yml": "classes: [common, web]\napplications: [x]\n",
        "nodes/b.yml": "classes: [common]\napplications: [y, x]\n",
        "nodes/c.yml": "classes: [web]\n",
        "classes/common.yml": "applications: [base]\nparameters:\n  c: 1\n",
        "classes/web.yml": "applications: [nginx]\nparameters:\n  w: 1\n",
    },
    "inventory_one_node_fails": {
        "nodes/good.yml": "parameters:\n  a: 1\n",
        "nodes/bad.yml": "parameters:\n  a: ${nope}\n",
        "classes/.keep.yml": "",
    },
    "class_loop": {
        "nodes/n1.yml": "classes: [a]\n",
        "classes/a.yml": "classes: [b]\nparameters:\n  a: 1\n",
        "classes/b.yml": "classes: [a]\nparameters:\n  b: 1\n",
    },
    "unparsable_ref": {
        "nodes/n1.yml": "parameters:\n  a: ${unclosed\n  b: ok\n",
        "classes/.keep.yml": "",
    },
    "unparsable_ref_overwritten": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  a: fine\n",
        "classes/c.yml": "parameters:\n  a: ${unclosed\n",
    },
    "class_list_duplicates": {
        "nodes/n1.yml": "classes: [a, a, b]\n",
        "classes/a.yml": "classes: [b]\nparameters:\n  a: 1\n",
        "classes/b.yml": "parameters:\n  b: 1\n",
    },
    "int_key_reference": {
        "nodes/n1.yml": "parameters:\n  ports:\n    80: http\n  x: ${ports:80}\n",
        "classes/.keep.yml": "",
    },
    "float_formatting": {
        "nodes/n1.yml": "parameters:\n  a: 0.1\n  b: 1.0e+20\n  c: 1.0e-7\n  d: 3.0\n  e: -0.0\n  f: 1.0e+16\n  g: 123456789.125\n  h: 1.0e+15\n  s: '${a} ${b} ${c} ${d} ${e} ${f} ${g} ${h}'\n  m: 'm=${mm}'\n  mm: {x: 0.1, y: 1.0e+20, z: -3}\n",
        "classes/.keep.yml": "",
    },
    "null_and_bool_keys": {
        "nodes/n1.yml": "parameters:\n  weird:\n    null: a\n    true: b\n    false: c\n  r: ${weird}\n",
        "classes/.keep.yml": "",
    },
    "error_overwritten_by_map": {
        "nodes/n1.yml": "classes: [one, two]\n",
        "classes/one.yml": "parameters:\n  a: ${missing}\n",
        "classes/two.yml": "parameters:\n  a: {x: 1}\n",
    },
    "error_overwritten_by_null": {
        "nodes/n1.yml": "classes: [one, two]\n",
        "classes/one.yml": "parameters:\n  a: ${missing}\n  b: ${missing2}\n",
        "classes/two.yml": "parameters:\n  a: null\n  ~b: 2\n",
    },
    "override_inside_referenced_dict": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  copy: ${src}\n",
        "classes/one.yml": "parameters:\n  src:\n    opts: {a: 1}\n    l: [1]\n  copy:\n    opts: {keep: 0}\n    l: [0]\n",
        "classes/two.yml": "parameters:\n  src:\n    ~opts: {b: 2}\n    ~l: [2]\n",
    },
    "class_name_ref_relative": {
        "nodes/n1.yml": "classes: [apps.web]\nparameters:\n  x: never\n",
        "classes/apps/web.yml": "classes: [apps.vars, '.${flavour}']\n",
        "classes/apps/vars.yml": "parameters:\n  flavour: base\n",
        "classes/apps/base.yml": "parameters:\n  loaded: apps.base\n",
    },
    "class_name_ref_missing": {
        "nodes/n1.yml": "classes:\n  - role.${nope}\n",
        "classes/.keep.yml": "",
    },
    "class_mappings_meta_order": {
        "reclass-config.yml": "class_mappings:\n  - '* mapped'\n",
        "nodes/n1.yml": "classes: [own]\nparameters:\n  me: ${_reclass_:name:full}\n",
        "classes/mapped.yml": "parameters:\n  from_mapping: 1\n  _reclass_:\n    extra: from-class\n",
        "classes/own.yml": "parameters:\n  own: 1\n",
    },
    "ref_chain_too_deep": {
        "nodes/n1.yml": "parameters:\n" + "".join(f"  a{i}: ${{a{i+1}}}\n" for i in reversed(range(70))) + "  a70: end\n",
        "classes/.keep.yml": "",
    },
    "ref_chain_long_ok": {
        "nodes/n1.yml": "parameters:\n" + "".join(f"  a{i}: ${{a{i+1}}}\n" for i in reversed(range(60))) + "  a60: end\n",
        "classes/.keep.yml": "",
    },
    "embedded_list_with_refs": {
        "nodes/n1.yml": "parameters:\n  a: A\n  l: ['${a}', x]\n  d: {k: '${a}'}\n  s: 'l=${l} d=${d}'\n",
        "classes/.keep.yml": "",
    },
    "default_with_nested_ref": {
        "nodes/n1.yml": "parameters:\n  other: {key: fromother}\n  a: ${missing::${other:key}}\n  b: '${missing::${other}}'\n  c: ${missing::}\n",
        "classes/.keep.yml": "",
    },
    "applications_not_interpolated": {
        "nodes/n1.yml": "applications: ['${x}', plain]\nparameters:\n  x: y\n",
        "classes/.keep.yml": "",
    },
    "dotted_keys_in_refs": {
        "nodes/n1.yml": "parameters:\n  a.b: dotted\n  c: ${a.b}\n  d:\n    'e:f': colon\n",
        "classes/.keep.yml": "",
    },
    "ref_whole_dict_then_merged_by_node": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  target:\n    extra: node\n",
        "classes/c.yml": "parameters:\n  source: {a: 1, b: {c: 2}}\n  target: ${source}\n",
    },
    "list_of_dicts_merge": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  l:\n    - {name: b}\n",
        "classes/c.yml": "parameters:\n  l:\n    - name: a\n      v: ${v}\n  v: 1\n",
    },
    "scalar_over_list_error": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  l: text\n",
        "classes/c.yml": "parameters:\n  l: [1]\n",
    },
    "list_over_scalar_error": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  s: [1]\n",
        "classes/c.yml": "parameters:\n  s: text\n",
    },
    "ref_loop_through_dict": {
        "nodes/n1.yml": "parameters:\n  a: ${b}\n  b:\n    c: ${a}\n    d: 1\n",
        "classes/.keep.yml": "",
    },
    "ref_to_missing_nested_in_referenced_dict": {
        "nodes/n1.yml": "parameters:\n  z: ${b}\n  b:\n    c: ${nope}\n",
        "classes/.keep.yml": "",
    },
    "node_param_over_class_ref": {
        "nodes/n1.yml": "classes: [c]\nparameters:\n  port: 443\n",
        "classes/c.yml": "parameters:\n  port: 80\n  url: 'http://host:${port}/'\n",
    },
    "constant_nested_override_error": {
        "nodes/n1.yml": "classes: [one]\nparameters:\n  d:\n    k: 2\n",
        "classes/one.yml": "parameters:\n  d:\n    =k: 1\n",
    },
    "nested_nodes_with_init": {
        "nodes/grp/init.yml": "parameters:\n  a: 1\n",
        "nodes/n2.yml": "parameters:\n  b: 1\n",
        "classes/.keep.yml": "",
    },
    "malformed_entities": {
        "nodes/list_doc.yml": "- a\n- b\n",
        "nodes/numeric_class.yml": "classes:\n  - 1\n",
        "nodes/params_list.yml": "parameters:\n  - a\n",
        "nodes/classes_string.yml": "classes: single\n",
        "nodes/scalar_doc.yml": "just text\n",
        "nodes/ok.yml": "parameters:\n  fine: true\n",
        "classes/.keep.yml": "",
    },
    "deep_ref_into_merged_override": {
        "nodes/n1.yml": "classes: [one, two]\nparameters:\n  out: ${svc:opts}\n  out_port: ${svc:opts:port}\n",
        "classes/one.yml": "parameters:\n  svc:\n    opts: {port: 1, host: h}\n",
        "classes/two.yml": "parameters:\n  svc:\n    ~opts: {port: 2}\n",
    },
}


def fuzz_merges(seed=21, nodes=60):
    """Random layered values: ~keys, nulls, lists, dicts, whole and embedded references."""
    import json
    import random

    rnd = random.Random(seed)
    keys = ["k0", "k1", "k2", "k3"]

    def pre():
        return rnd.choice(["", "", "", "~"])

    def val(depth):
        r = rnd.random()
        if r < 0.15:
            return None
        if r < 0.3:
            return rnd.choice([1, "text", True, 2.5])
        if r < 0.45:
            return [rnd.choice(["a", "${k1}", 1])]
        if r < 0.6:
            return "${" + rnd.choice(keys) + rnd.choice(["", ":x", ":y"]) + "}"
        if r < 0.7:
            return "pre-${" + rnd.choice(keys) + rnd.choice(["", ":x"]) + "}"
        if depth > 1:
            return "leaf"
        return {pre() + k: val(depth + 1) for k in rnd.sample(["x", "y", "z"], rnd.randint(1, 3))}

    files = {}
    for c in range(8):
        doc = {"parameters": {pre() + k: val(0) for k in rnd.sample(keys, rnd.randint(1, 4))}}
        files[f"classes/c{c}.yml"] = json.dumps(doc) + "\n"
    for i in range(nodes):
        doc = {
            "classes": rnd.sample([f"c{c}" for c in range(8)], 3),
            "parameters": {pre() + k: val(0) for k in rnd.sample(keys, rnd.randint(0, 2))},
        }
        files[f"nodes/n{i}.yml"] = json.dumps(doc) + "\n"
    return files


def fuzz_refs(seed=9, nodes=60):
    """Random strings made of reference syntax, escapes and default values."""
    import json
    import random

    rnd = random.Random(seed)
    alpha = ["a", "b", "c", "$", "{", "}", "\\", ":", "${", "}", "${a}", "${b:c}", "${b}",
             "\\${", "\\\\${", "\\}", "::", "$$", "x y"]
    files = {"classes/.keep.yml": ""}
    for i in range(nodes):
        text = "".join(rnd.choice(alpha) for _ in range(rnd.randint(2, 10)))
        doc = {"parameters": {"a": "b", "b": {"c": "a", "b": "c"}, "c": 3, "v": text,
                              "w": [text, {"k": text}]}}
        files[f"nodes/n{i}.yml"] = json.dumps(doc) + "\n"
    return files


INVENTORIES["fuzz_merges"] = fuzz_merges()
INVENTORIES["fuzz_refs"] = fuzz_refs()


def main():
    for name, files in INVENTORIES.items():
        base = os.path.join(ROOT, name)
        if os.path.exists(base):
            # keep recorded expectations, rewrite the inputs
            for sub in os.listdir(base):
                if sub != "expected":
                    p = os.path.join(base, sub)
                    shutil.rmtree(p) if os.path.isdir(p) else os.remove(p)
        for rel, text in files.items():
            path = os.path.join(base, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text.lstrip("\n"))
    print(f"{len(INVENTORIES)} inventories in {os.path.normpath(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
