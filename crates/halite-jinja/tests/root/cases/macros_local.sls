{%- macro user_state(name, uid=none, groups=[]) -%}
{{ name }}:
  user.present:
{%- if uid %}
    - uid: {{ uid }}
{%- endif %}
    - groups: {{ groups | json }}
{%- endmacro %}
{%- for name, u in pillar['users'] | dictsort %}
{{ user_state(name, u.uid, u.get('groups', [])) }}
{%- endfor %}
{{ user_state('nobody') }}
