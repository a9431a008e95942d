define dllexport void @masks(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = and <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v5 = icmp ne <16 x i32> %v4, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v6 = icmp eq i32 %v0, 7
  br i1 %v6, label %bb2, label %bb1
bb1:
  %v7 = phi <16 x i1> [ %v3, %bb0 ], [ %v8, %bb1 ]
  %v8 = phi <16 x i1> [ %v5, %bb0 ], [ %v7, %bb1 ]
  %v9 = phi <16 x i32> [ <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>, %bb0 ], [ %v13, %bb1 ]
  %v10 = phi i32 [ 0, %bb0 ], [ %v14, %bb1 ]
  %v11 = select <16 x i1> %v7, <16 x i32> <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>, <16 x i32> <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v12 = mul <16 x i32> %v9, <i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5, i32 5>
  %v13 = add <16 x i32> %v12, %v11
  %v14 = add i32 %v10, 1
  %v15 = icmp ult i32 %v14, 5
  br i1 %v15, label %bb1, label %bb2
bb2:
  %v16 = phi <16 x i1> [ <i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false, i1 true, i1 false>, %bb0 ], [ %v8, %bb1 ]
  %v17 = phi <16 x i32> [ %v2, %bb0 ], [ %v13, %bb1 ]
  %v18 = select <16 x i1> %v16, <16 x i32> %v17, <16 x i32> <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v18)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @masks, !"masks", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
