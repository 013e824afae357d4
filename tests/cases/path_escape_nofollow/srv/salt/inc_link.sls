x: {% include "sub/link.txt" %}
