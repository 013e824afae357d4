x: {% include "../secret.txt" %}
