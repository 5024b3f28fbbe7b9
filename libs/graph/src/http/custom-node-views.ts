import { ApiProperty } from '@nestjs/swagger';

/** OpenAPI schemas of the custom node kinds (routes-misc C.9); the wire shape is the domain's `CustomNodeKind`. */
export class CustomNodeIconView {
  @ApiProperty({ example: 'font-awesome' }) type: string;
  @ApiProperty({ example: 'user' }) name: string;
  @ApiProperty({ example: '#FFFFFF' }) color: string;
}

export class CustomNodeConfigView {
  @ApiProperty({ type: CustomNodeIconView }) icon: CustomNodeIconView;
}

export class CustomNodeKindView {
  @ApiProperty({ example: 1 }) id: number;
  @ApiProperty({ example: 'ExampleUser' }) kindName: string;
  @ApiProperty({ type: CustomNodeConfigView }) config: CustomNodeConfigView;
}
