define dllexport void @flag(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v1)
  br label %bb1
bb1:
  %v3 = phi <16 x float> [ %v2, %bb0 ], [ %v6, %bb1 ]
  %v4 = phi i32 [ 0, %bb0 ], [ %v7, %bb1 ]
  %v5 = phi i1 [ true, %bb0 ], [ %v8, %bb1 ]
  %v6 = fmul <16 x float> %v3, <float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000, float 0x3FE0000000000000>
  %v7 = add i32 %v4, 1
  %v8 = icmp slt i32 %v7, 8
  %v9 = and i1 %v5, %v8
  br i1 %v9, label %bb1, label %bb2
bb2:
  call void @llvm.genx.oword.st.v16f32(i32 %arg0, i32 %v1, <16 x float> %v6)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @flag, !"flag", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
