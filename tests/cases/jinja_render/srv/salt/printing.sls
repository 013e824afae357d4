{% set d = {'b': 2, 'a': [1, 'x'], 'c': {'nested': True}} %}
{% set l = [] %}
{% do l.append('one') %}
{% for k, v in d.items() %}
loop_{{ k }}:
  test.nop:
    - value: "{{ v }}"
{% endfor %}
printing:
  test.nop:
    - dict: "{{ d }}"
    - none: {{ none }}
    - true: {{ true }}
    - list: {{ l }}
    - json: '{{ d | json }}'
    - tojson: '{{ d | tojson }}'
    - yaml: "{{ d | yaml }}"
    - upper: {{ 'abc'.upper() }}
    - split: {{ 'a,b,c'.split(',') }}
    - fmt: {{ '%s-%d' % ('x', 3) }}
