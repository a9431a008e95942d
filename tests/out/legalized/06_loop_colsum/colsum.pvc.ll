define dllexport void @colsum(i32 %arg0, i32 %arg1, i32 %arg2, i32 %arg3) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = shl i32 %arg3, 2
  %v3 = icmp sgt i32 %arg2, 0
  br i1 %v3, label %bb1, label %bb2
bb1:
  %v4 = phi i32 [ 0, %bb0 ], [ %v10, %bb1 ]
  %v5 = phi i32 [ %v1, %bb0 ], [ %v9, %bb1 ]
  %v6 = phi <16 x float> [ <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, %bb0 ], [ %v8, %bb1 ]
  %v7 = call <16 x float> @llvm.genx.oword.ld.v16f32(i32 0, i32 %arg0, i32 %v5)
  %v8 = fadd <16 x float> %v6, %v7
  %v9 = add i32 %v5, %v2
  %v10 = add i32 %v4, 1
  %v11 = icmp slt i32 %v10, %arg2
  br i1 %v11, label %bb1, label %bb2
bb2:
  %v12 = phi <16 x float> [ <float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000, float 0x0000000000000000>, %bb0 ], [ %v8, %bb1 ]
  call void @llvm.genx.oword.st.v16f32(i32 %arg1, i32 %v1, <16 x float> %v12)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x float> @llvm.genx.oword.ld.v16f32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16f32(i32, i32, <16 x float>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32, i32)* @colsum, !"colsum", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 132, i32 136, i32 140}
!3 = !{i32 0, i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !"", !""}
