{% include "./../secret.txt" %}
