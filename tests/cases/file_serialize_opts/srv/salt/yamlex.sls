{# merge_if_exists with the yamlex serializer: its loader merges a repeated key
   (salt.utils.aggregation: `!aggregate` values merge, `!reset` keys replace, a plain
   repeated mapping keeps only the later keys), the document is aggregated. #}
{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% set files = {
  'plain_maps': "a:\n  x: 1\n  y: 2\na:\n  y: 3\n  z: 4\nb: 0755\n",
  'agg_lists': "l: !aggregate [1, 2]\nl: !aggregate [2, 3]\nplain: [1]\nplain: [2]\n",
  'reset': "r: !aggregate [1]\n!reset r: [9]\nq: {a: 1}\n!reset q: {b: 2}\n",
  'agg_maps': "m: !aggregate {x: 1, n: {p: 1}}\nm: !aggregate {y: 2, n: {q: 2}}\n",
  'agg_scalars': "s: !aggregate foo\ns: !aggregate bar\nt: !aggregate\nt: !aggregate [x]\n",
  'agg_keys': "!aggregate k: [1]\n!aggregate k: [2, 1]\n",
  'top_scalar': "hello\n",
  'repeat_root': "a: 1\nb: 2\na: 3\n",
  'nested_plain': "x: {a: [1], k: [5]}\nx: {a: [2], j: [6]}\n",
  'agg_then_plain': "p: !aggregate [1]\np: [2]\nq: [1]\nq: !aggregate [2]\n",
  'deep_plain': "m: !aggregate {l: [1]}\nm: !aggregate {l: [2]}\n",
  'empty': "",
} %}
{% for name, text in files.items() %}
{{ name }}_write:
  file.managed:
    - name: {{ d }}/{{ name }}.yaml
    - contents: {{ text|json }}
{{ name }}_merge:
  file.serialize:
    - name: {{ d }}/{{ name }}.yaml
    - formatter: yamlex
    - merge_if_exists: True
    - dataset:
        extra: 1
{{ name }}_read:
  cmd.run:
    - name: cat {{ d }}/{{ name }}.yaml
{% endfor %}
