a {# inline #} b
{#- strip before #}
c
{# multi
line
comment #}
d
