/* xml.h - XML question banks read with expat into a small tree:
 * elements, attributes, character data and CDATA sections joined, the
 * five predefined entities and numeric character references decoded;
 * comments and processing instructions skipped.  A DOCTYPE is refused (so
 * no entity is ever declared or expanded and no other file is read), as
 * are more than PT_XML_MAX_DEPTH levels and more than PT_XML_MAX_ATTRS
 * attributes on one element; names such as "a:b" are kept as written.
 *
 * xml_parse returns a tree that owns every node and string in one arena;
 * free it with xml_free().  Pointers into it stay valid until then. */
#ifndef PARATUTOR_XML_H
#define PARATUTOR_XML_H

#include <stddef.h>

#include "paratutor/base/arena.h"
#include "paratutor/base/diag.h"

#define PT_XML_MAX_DEPTH 256
#define PT_XML_MAX_ATTRS 64 /* attributes of one element; more is an error (Moodle writes at most a few) */

typedef struct pt_xml_attr {
	const char *name;
	const char *value;   /* entities decoded */
	struct pt_xml_attr *next;
} pt_xml_attr;

typedef struct pt_xml_node {
	const char *name;
	pt_xml_attr *attrs;
	const char *text;    /* the element's own character data and CDATA, joined, entities decoded */
	pt_pos pos;          /* of the '<' that opens it */
	struct pt_xml_node *child;  /* first child element */
	struct pt_xml_node *next;   /* next sibling element */
} pt_xml_node;

typedef struct pt_xml_doc {
	pt_arena *arena;
	pt_xml_node *root;
} pt_xml_doc;

/* Parses text (len bytes, UTF-8) as an XML document.  Returns the tree,
 * or NULL after reporting the first syntax error to diags (as
 * FILE:LINE:COL: error with name as FILE) or when out of memory. */
pt_xml_doc *xml_parse(const char *name, const char *text, size_t len, pt_diags *diags);

/* Frees a document and everything in it; NULL is allowed. */
void xml_free(pt_xml_doc *doc);

/* Returns the first child element of node called name, or NULL. */
const pt_xml_node *xml_child(const pt_xml_node *node, const char *name);

/* Returns the next sibling of node called like it, or NULL. */
const pt_xml_node *xml_next(const pt_xml_node *node);

/* Returns the value of node's attribute name, or NULL. */
const char *xml_attr(const pt_xml_node *node, const char *name);

#endif
