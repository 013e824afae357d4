{% set x = params.get('x') %}
{# nothing here #}
