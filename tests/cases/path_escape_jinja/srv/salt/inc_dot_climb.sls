x: {% include "./../secret.txt" %}
