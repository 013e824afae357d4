x: {% include "salt://sub/../../secret.txt" %}
