x: {% include "a/b/../../../secret.txt" %}
