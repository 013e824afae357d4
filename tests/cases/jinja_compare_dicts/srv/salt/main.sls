# Salt's tests/pytests/functional/modules/state/test_jinja_filters.py (compare_dicts):
# salt.utils.data.compare_dicts as a Jinja filter. One change per dict: Salt iterates a set
# of the keys, so several keys come in Python's per-process order.
{% set changed = {'a': 'b', 'c': 'd'} | compare_dicts({'a': 'c', 'c': 'd'}) %}
{% set added = {'c': 'd'} | compare_dicts({'c': 'd', 'n': [1, 2]}) %}
{% set removed = {'c': 'd', 'gone': 1} | compare_dicts({'c': 'd'}) %}
{% set same = {'x': 1} | compare_dicts({'x': 1}) %}
test:
  module.run:
    - name: test.echo
    - text: {{ changed|tojson }}

show:
  test.show_notification:
    - text: {{ [changed, added, removed, same] | tojson | yaml_dquote }}
