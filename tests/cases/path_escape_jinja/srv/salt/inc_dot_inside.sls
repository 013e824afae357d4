x: {% include "./sub/in.txt" %}
