{#- leading comment -#}
{%- set x = 1 -%}
  value: {{ x -}}
  {# mid #}
  end
