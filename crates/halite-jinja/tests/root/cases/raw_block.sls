{% raw %}{{ not rendered }} {% if %}{% endraw %}
{{ 'rendered' }}
