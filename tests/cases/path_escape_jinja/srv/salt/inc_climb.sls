x: {% include "sub/../../secret.txt" %}
