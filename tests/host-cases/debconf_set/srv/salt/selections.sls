{%- set all = salt['debconf.get_selections']() %}
{%- set nonempty = salt['debconf.get_selections'](False) %}
selections:
  test.configurable_test_state:
    - changes: False
    - comment: {{ all['halitetest-pkg-debconf'] | json | yaml_dquote }}
nonempty:
  test.configurable_test_state:
    - changes: False
    - comment: {{ nonempty['halitetest-pkg-debconf'] | json | yaml_dquote }}
