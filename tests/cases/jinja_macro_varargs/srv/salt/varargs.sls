{%- from 'macros.jinja' import plugin %}
{%- macro show(a, b='dflt') -%}
a={{ a }} b={{ b }} varargs={{ varargs }} kwargs={{ kwargs }} n={{ varargs|length }}
{%- endmacro %}
{%- macro only_va() -%}{{ varargs }}|{{ varargs|join('+') }}{%- endmacro %}
{%- macro only_kw(x) -%}{{ x }} {{ kwargs }} {{ kwargs.get('y', 'no-y') }}{%- endmacro %}
{%- macro both(x) -%}{{ x }} {{ varargs }} {{ kwargs }}{%- endmacro %}
{%- macro kw_update(x) -%}{% do kwargs.update({'z': x}) %}{{ kwargs }} {{ varargs.count(1) }}{%- endmacro %}
{%- macro with_caller(x) -%}{{ x }}:{{ caller() }}:{{ varargs }}:{{ kwargs }}{%- endmacro %}
out:
  test.nop:
    - one: "{{ show(1) }}"
    - two: "{{ show(1, 2) }}"
    - three: "{{ show(1, 2, 3) }}"
    - four: "{{ show(1, 2, 3, 'x', [4]) }}"
    - kw: "{{ show(1, b=5) }}"
    - only_va_empty: "{{ only_va() }}"
    - only_va_one: "{{ only_va('s') }}"
    - only_va_many: "{{ only_va(1, 2, 3) }}"
    - only_kw: "{{ only_kw(1, y=2, z='q') }}"
    - only_kw_dup: "{{ only_kw(1, x=9) }}"
    - only_kw_none: "{{ only_kw(x=3) }}"
    - both: "{{ both(1, 2, k=3) }}"
    - caller: "{% call with_caller(1, 2, k=3) %}inside{% endcall %}"
    - plugin: "{{ plugin('git', '2.0', 'latest', pin=True) }}"
    - plugin_plain: "{{ plugin('ssh') }}"
    - va_type: "{{ varargs is defined }}"
    - kw_update: "{{ kw_update(1, 1, 2, 1, a=3) }}"
